import { pathToFileURL } from "node:url";

/**
 * When the module at `moduleUrl` is the script node was started with, run `bench` and print its figures as JSON;
 * a failure is printed and exits with 1.
 *
 * @example
 * printFiguresWhenRun(import.meta.url, runBatchBench); // `tsx bench/batch-bench.ts`
 */
export function printFiguresWhenRun(moduleUrl: string, bench: () => Promise<unknown>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  bench()
    .then((figures) => console.log(JSON.stringify(figures, null, 2)))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
