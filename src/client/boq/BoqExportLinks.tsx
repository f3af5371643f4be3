// The LV's downloads: Excel and GAEB DA XML 3.3 for any AVA program (the X83 with the LV, and with
// prices the X84 beside it). In the public demo the same buttons stand disabled.
import { FileCode2, FileSpreadsheet } from "lucide-react";
import { buttonVariants } from "../components/ui/button";

const DEMO_TITLE = "In der Demo nicht verfügbar";

export function BoqExportLinks({ projectId, priced }: { projectId: number | null; priced: boolean }) {
  const links = [
    { ext: "xlsx", label: "Als Excel herunterladen", icon: FileSpreadsheet, title: undefined },
    { ext: "x83", label: "Als GAEB XML herunterladen", icon: FileCode2, title: "GAEB DA XML 3.3, Angebotsaufforderung (X83)" },
    ...(priced
      ? [
          {
            ext: "x84",
            label: "Preise als GAEB X84",
            icon: FileCode2,
            title: "GAEB DA XML 3.3, Angebotsabgabe (X84) mit den Preisen des LV",
          },
        ]
      : []),
  ];
  const className = buttonVariants({ variant: "outline", size: "sm" });
  return (
    <>
      {links.map(({ ext, label, icon: Icon, title }) =>
        projectId === null ? (
          <button key={ext} type="button" disabled title={DEMO_TITLE} className={className}>
            <Icon className="size-4" /> {label}
          </button>
        ) : (
          <a key={ext} href={`/api/projects/${projectId}/boq/export.${ext}`} download className={className} title={title}>
            <Icon className="size-4" /> {label}
          </a>
        ),
      )}
    </>
  );
}
