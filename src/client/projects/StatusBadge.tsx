import { projectStatusBadge } from "../../common/project-status";
import { Badge } from "../components/ui/badge";
import { cn } from "../lib/utils";

/** The status badge of every project view (requirements 1.4 colours, amber for anything else). */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const badge = projectStatusBadge(status);
  return (
    <Badge className={cn(badge.className, className)} data-testid="status-badge">
      {badge.label}
    </Badge>
  );
}
