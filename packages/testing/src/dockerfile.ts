import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './processes';

export interface DockerStage {
  name: string;
  /** The image or earlier stage it starts from. */
  from: string;
  /** Its instructions after FROM, one per entry (comments and blank lines dropped), e.g. `RUN pnpm install`. */
  instructions: string[];
}

/** What a stage runs with: settings of the stages it is built FROM apply unless it overrides them. */
export interface DockerImage {
  /** The stage and its ancestors in this file, the stage itself first. */
  chain: DockerStage[];
  env: Record<string, string>;
  workdir: string | undefined;
  user: string | undefined;
  /** Exec-form CMD (a JSON array); a shell-form CMD fails to parse. */
  cmd: string[] | undefined;
}

/**
 * The repo's Dockerfile, read as text: its facts are checked in seconds by tests that read it (one
 * runs its CMD on the layout its build stage makes; the compose test builds it on a real engine).
 */
export function readDockerfile(file = path.join(repoRoot, 'Dockerfile')): DockerStage[] {
  const stages: DockerStage[] = [];
  // A line ending in a backslash continues on the next: one instruction, its parts joined by a space.
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((text) => text !== '' && !text.startsWith('#'))
    .join('\n')
    .replace(/\s*\\\n\s*/g, ' ')
    .split('\n');
  for (const text of lines) {
    const from = text.match(/^FROM\s+(\S+)(?:\s+AS\s+(\S+))?$/i);
    if (from) stages.push({ from: from[1] ?? '', name: from[2] ?? `#${stages.length}`, instructions: [] });
    else stages.at(-1)?.instructions.push(text);
  }
  return stages;
}

export function dockerImage(stages: DockerStage[], target: string): DockerImage {
  const chain: DockerStage[] = [];
  for (let stage = stages.find((s) => s.name === target); stage; ) {
    chain.push(stage);
    const parent = stage.from;
    stage = stages.find((s) => s.name === parent);
  }
  if (chain.length === 0) throw new Error(`No Dockerfile stage named ${target}`);
  const image: DockerImage = { chain, env: {}, workdir: undefined, user: undefined, cmd: undefined };
  for (const instruction of [...chain].reverse().flatMap((stage) => stage.instructions)) {
    const [keyword = '', ...rest] = instruction.split(/\s+/);
    const argument = rest.join(' ');
    switch (keyword.toUpperCase()) {
      case 'ENV':
        for (const pair of rest) {
          const [key = '', ...value] = pair.split('=');
          image.env[key] = value.join('=');
        }
        break;
      case 'WORKDIR':
        image.workdir = argument;
        break;
      case 'USER':
        image.user = argument;
        break;
      case 'CMD':
        image.cmd = JSON.parse(argument) as string[];
        break;
    }
  }
  return image;
}
