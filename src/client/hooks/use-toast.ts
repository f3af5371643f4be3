// Toast store (shadcn pattern): one toast at a time, default 5 s, replaced by the next one.
import { useEffect, useState, type ReactNode } from "react";

export interface ToastData {
  id: number;
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  variant?: "default" | "destructive";
  duration?: number;
  open: boolean;
}

type Listener = (toasts: ToastData[]) => void;
const TOAST_LIMIT = 1;
let toasts: ToastData[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((l) => l(toasts));

export function dismiss(id?: number) {
  toasts = toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t));
  emit();
  window.setTimeout(() => {
    toasts = toasts.filter((t) => t.open);
    emit();
  }, 300);
}

export function toast(t: Omit<ToastData, "id" | "open">) {
  const id = nextId++;
  toasts = [{ ...t, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return { id, dismiss: () => dismiss(id) };
}

export function useToasts() {
  const [state, setState] = useState(toasts);
  useEffect(() => {
    listeners.add(setState);
    return () => void listeners.delete(setState);
  }, []);
  return state;
}

export const useToast = () => ({ toast, dismiss });
