// The admin row/card menu with 'Projekt löschen' (shown only to those who may delete).
import { useState } from "react";
import { MoreVertical, Trash2 } from "lucide-react";
import type { ProjectDto } from "../../common/types";
import { canManageProject } from "../../common/project-access";
import { Button } from "../components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../components/ui/dropdown-menu";
import { useSessionUser } from "../layout/session-user";
import { DeleteProjectDialog } from "./DeleteProjectDialog";
import { useDeleteProject } from "./use-delete-project";

export function ProjectActionsMenu({ project }: { project: Pick<ProjectDto, "id" | "name" | "companyId"> }) {
  const user = useSessionUser();
  const [confirm, setConfirm] = useState(false);
  const { remove, pending } = useDeleteProject("list");
  if (!canManageProject(user, project)) return null;
  return (
    // The menu lives inside clickable rows and cards: its clicks must not open the project.
    <div onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Aktionen für ${project.name}`} data-testid="project-actions">
            <MoreVertical />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem className="text-red-600 data-[highlighted]:bg-red-50" onSelect={() => setConfirm(true)}>
            <Trash2 className="size-4" /> Projekt löschen
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <DeleteProjectDialog
        open={confirm}
        onOpenChange={setConfirm}
        projectName={project.name}
        pending={pending}
        onConfirm={async () => {
          if (await remove(project.id)) setConfirm(false);
        }}
      />
    </div>
  );
}
