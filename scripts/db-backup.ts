// npm run db:backup -- <file>: writes a portable backup of the database (see src/server/backup).
import { runBackupCommand } from "../src/server/backup/cli";

process.exitCode = await runBackupCommand(process.argv.slice(2));
