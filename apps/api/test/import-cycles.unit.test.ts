import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The compiler options a package's tsconfig gives, so that imports resolve as its type check resolves them. */
function compilerOptions(project: string): ts.CompilerOptions {
  const configPath = path.join(repo, project, 'tsconfig.json');
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(configPath)).options;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' || entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/**
 * Every import of the folder's files that resolves to another file of the same folder, type-only imports
 * included: a cycle through types still ties the files' layers together.
 */
export function importGraph(project: string, folder: string): Map<string, string[]> {
  const root = path.join(repo, project, folder);
  const options = compilerOptions(project);
  const host = ts.createCompilerHost(options);
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = info.importedFiles
      .map((ref) => ts.resolveModuleName(ref.fileName, file, options, host).resolvedModule?.resolvedFileName)
      .filter((target): target is string => !!target && target.startsWith(root + path.sep) && !target.endsWith('.d.ts'));
    graph.set(path.relative(repo, file), [...new Set(targets.map((t) => path.relative(repo, t)))]);
  }
  return graph;
}

/** The cycles of the graph, one per strongly connected component, each as a path that returns to its start. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = (graph.get(node) ?? []).includes(node);
      if (component.length > 1 || selfLoop) components.push(component);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  // One concrete loop per component, found by walking inside it from its first member back to itself.
  return components.map((component) => {
    const members = new Set(component);
    const start = [...component].sort()[0]!;
    const previous = new Map<string, string>();
    const queue = [start];
    while (queue.length) {
      const node = queue.shift()!;
      for (const next of graph.get(node) ?? []) {
        if (!members.has(next)) continue;
        if (next === start) {
          const loop = [start];
          for (let at = node; at !== start; at = previous.get(at)!) loop.splice(1, 0, at);
          return [...loop, start];
        }
        if (!previous.has(next)) {
          previous.set(next, node);
          queue.push(next);
        }
      }
    }
    return component;
  });
}

describe('import cycles', () => {
  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
    expect(findCycles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });

  it.each([
    ['apps/api', 'src'],
    ['apps/web', 'src'],
    ['packages/shared', 'src'],
  ])('%s/%s has none', (project, folder) => {
    const graph = importGraph(project, folder);
    expect(graph.size).toBeGreaterThan(20);
    expect(findCycles(graph).map((loop) => loop.join(' → '))).toEqual([]);
  });
});
