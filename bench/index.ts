// `npm run bench`: prints the service's performance figures. Each part is a module with a run function.
import { runEngineBench } from "./engine-bench";

async function main(): Promise<void> {
  console.log("== engine (pure, one core) ==");
  const engine = await runEngineBench();
  for (const [name, value] of Object.entries(engine)) console.log(`${name.padEnd(40)} ${Math.round(value).toLocaleString("en-US")}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
