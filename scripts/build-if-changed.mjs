#!/usr/bin/env node
/**
 * `npm start` used to rebuild the console and the server on every start (about 25 s). This builds
 * each part only when a file it is made from is newer than what it built last time; an unchanged
 * checkout starts at once. Tests do not go into either build, so editing one builds nothing.
 * `--force` builds both anyway.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const force = process.argv.includes('--force')

/** The newest modification time under these paths (files or folders), tests and node_modules left out. */
function newestMtime(paths) {
  let newest = 0
  const visit = (path) => {
    if (!existsSync(path)) return
    const stat = statSync(path)
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) if (name !== 'node_modules' && name !== 'dist') visit(join(path, name))
    } else if (!/\.test\.tsx?$/.test(path)) {
      newest = Math.max(newest, stat.mtimeMs)
    }
  }
  paths.forEach((path) => visit(join(root, path)))
  return newest
}

/** The oldest of the outputs, 0 when one is missing (then it must be built). */
function oldestOutput(paths) {
  let oldest = Infinity
  for (const path of paths) {
    const full = join(root, path)
    if (!existsSync(full)) return 0
    oldest = Math.min(oldest, statSync(full).mtimeMs)
  }
  return oldest
}

const shared = [
  'packages/shared/src',
  'packages/shared/package.json',
  'packages/shared/tsconfig.json',
  'packages/shared/tsconfig.build.json',
  'tsconfig.base.json',
  'package-lock.json',
]
const parts = [
  {
    name: 'console (packages/web)',
    sources: [
      ...shared,
      'packages/web/src',
      'packages/web/index.html',
      'packages/web/vite.config.ts',
      'packages/web/package.json',
      'packages/web/public',
    ],
    outputs: ['packages/server/public/index.html', 'packages/server/public/.vite/manifest.json'],
    command: ['npm', ['run', 'build', '--workspace', '@gateway/web']],
  },
  {
    name: 'server (packages/server, packages/shared)',
    sources: [
      ...shared,
      'packages/server/src',
      'packages/server/package.json',
      'packages/server/tsconfig.json',
      'packages/server/tsconfig.build.json',
    ],
    outputs: ['packages/server/dist/main.js', 'packages/shared/dist/index.js'],
    command: ['npm', ['run', 'build:server']],
  },
]

for (const part of parts) {
  const changed = force || newestMtime(part.sources) > oldestOutput(part.outputs)
  if (!changed) {
    console.log(`build: ${part.name} is up to date`)
    continue
  }
  console.log(`build: ${part.name} changed, building`)
  const [command, args] = part.command
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) {
    console.error(`build: ${part.name} failed: ${command} ${args.join(' ')}`)
    process.exit(result.status ?? 1)
  }
}
