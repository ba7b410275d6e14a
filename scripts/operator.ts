import { runOperatorCommand } from "../apps/server/src/modules/operators/command.ts";

// `npm run operator -- create EMAIL | list | disable EMAIL` (README "Platform operators").
process.exitCode = await runOperatorCommand(process.argv.slice(2));
