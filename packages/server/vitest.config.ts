import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Integration tests share one process-wide option cache per app; files run in child processes.
    pool: 'forks',
    // Each worker loads the app's ~700 modules once and runs file after file in it, instead of a
    // fresh process and module graph per file: importing them again took about as long as the tests.
    // So nothing may rely on a module being fresh: process-wide counters are compared before and
    // after, and modules are spied on through shared objects, never replaced with vi.mock.
    isolate: false,
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine,
    // which ran the files one after another. Much of this suite waits (spawned servers, streams,
    // databases), so a worker per core keeps both cores busy.
    maxWorkers: '100%',
    // One migrated template database per run on PostgreSQL and MySQL, which each harness copies.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    // Each test's harness copies a database in beforeEach; on a loaded machine PostgreSQL's
    // CREATE DATABASE alone has taken several seconds, past the default 10 s.
    hookTimeout: 30_000,
  },
})
