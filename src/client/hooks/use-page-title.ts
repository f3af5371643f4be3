import { useEffect } from "react";

export const BRAND = "bauklar";
export const withBrand = (title: string) => (title === BRAND ? BRAND : `${title} | ${BRAND}`);

/** Page titles carry the brand suffix (requirements 1.2). */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = withBrand(title);
  }, [title]);
}
