// /projects/:id/result: signed-in users see the project's evaluation (ResultPage); a visitor
// without a session who opens the demo project's result (e.g. from a shared link) sees the
// bundled sample evaluation instead of the login; every other result needs the login.
import { lazy, Suspense } from "react";
import { useParams } from "react-router";
import { DEMO_PROJECT_ID } from "../../common/project-access";
import { Spinner } from "../components/ui/spinner";
import { ProtectedRoute } from "../layout/ProtectedRoute";

const ResultPage = lazy(() => import("./ResultPage"));
const DemoResultPage = lazy(() => import("../demo/DemoResultPage"));

export default function ResultRoute() {
  const { id } = useParams();
  const loading = <Spinner label="Auswertung wird geladen…" />;
  const demo = id === String(DEMO_PROJECT_ID);
  return (
    <ProtectedRoute
      signedOut={
        demo ? (
          <Suspense fallback={loading}>
            <DemoResultPage />
          </Suspense>
        ) : undefined
      }
    >
      <Suspense fallback={loading}>
        <ResultPage />
      </Suspense>
    </ProtectedRoute>
  );
}
