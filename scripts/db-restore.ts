// npm run db:restore -- <file> [--replace]: restores a backup into an empty (or, with --replace,
// into this) database (see src/server/backup).
import { runRestoreCommand } from "../src/server/backup/cli";

process.exitCode = await runRestoreCommand(process.argv.slice(2));
