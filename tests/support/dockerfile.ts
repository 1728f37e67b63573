import { readFileSync } from "node:fs";

/** One stage of a Dockerfile: its instructions in order, continuation lines joined and comments dropped. */
export interface DockerStage {
  name: string;
  from: string;
  instructions: { op: string; args: string }[];
}

/** The stages of the Dockerfile at `file` (only what the standalone image test reads: no parser directives, no heredocs). */
export function readDockerfile(file: string): DockerStage[] {
  const lines = readFileSync(file, "utf8")
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const stages: DockerStage[] = [];
  for (const line of lines) {
    const [, op, args] = /^(\S+)\s+(.*)$/.exec(line) ?? [];
    if (!op) throw new Error(`Dockerfile: cannot read "${line}"`);
    if (op.toUpperCase() === "FROM") {
      const [, from, name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args) ?? [];
      stages.push({ name: name ?? String(stages.length), from, instructions: [] });
    } else stages.at(-1)?.instructions.push({ op: op.toUpperCase(), args: args.replace(/\s+/g, " ") });
  }
  return stages;
}

/** The last value of `op` in `stage` (WORKDIR, USER, CMD, ...), or undefined. */
export function last(stage: DockerStage, op: string): string | undefined {
  return stage.instructions.filter((i) => i.op === op).at(-1)?.args;
}

/** Every `ENV key=value` of `stage`, in order (values may be quoted). */
export function envOf(stage: DockerStage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of stage.instructions.filter((i) => i.op === "ENV")) {
    for (const [, key, quoted, bare] of args.matchAll(/(\w+)=(?:"([^"]*)"|(\S*))/g)) env[key] = quoted ?? bare;
  }
  return env;
}

/** `COPY --from=<stage> <src> <dest>` instructions of `stage` (other flags such as --chown ignored). */
export function copiesFrom(stage: DockerStage, from: string): { src: string; dest: string }[] {
  return stage.instructions
    .filter((i) => i.op === "COPY" && i.args.includes(`--from=${from} `))
    .map((i) => {
      const words = i.args.split(" ").filter((w) => !w.startsWith("--"));
      if (words.length !== 2) throw new Error(`Dockerfile: COPY with one source and one destination expected: COPY ${i.args}`);
      return { src: words[0], dest: words[1] };
    });
}

/** The exec form (`["node", "-e", …]`) of a CMD or of a HEALTHCHECK's CMD, with the HEALTHCHECK's options. */
export function execForm(args: string): { options: Record<string, string>; argv: string[] } {
  const options: Record<string, string> = {};
  let rest = args;
  for (let m = /^--(\w[\w-]*)=(\S+)\s+/.exec(rest); m; m = /^--(\w[\w-]*)=(\S+)\s+/.exec(rest)) {
    options[m[1]] = m[2];
    rest = rest.slice(m[0].length);
  }
  rest = rest.replace(/^CMD\s+/, "");
  if (!rest.startsWith("[")) throw new Error(`Dockerfile: exec form (a JSON array) expected: ${args}`);
  return { options, argv: JSON.parse(rest) as string[] };
}
