import type { TestProject } from 'vitest/node'
import { createTemplateDatabase } from './template-database.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** the migrated database every harness copies, on the server TEST_SQL_DSN names (none on SQLite) */
    templateDatabase: string | undefined
  }
}

/** Migrates one template database for the whole run, and drops it when the run ends. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await createTemplateDatabase(process.env.TEST_SQL_DSN)
  project.provide('templateDatabase', template?.name)
  return async () => {
    await template?.drop()
  }
}
