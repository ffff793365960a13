import { describe, expect, it } from 'vitest'
import { parseDsn } from './dsn.ts'

describe('parseDsn', () => {
  it('defaults to SQLite', () => {
    expect(parseDsn(undefined, './data/gateway.db')).toEqual({ dialect: 'sqlite', path: './data/gateway.db' })
    expect(parseDsn('local', 'x.db')).toEqual({ dialect: 'sqlite', path: 'x.db' })
  })
  it("drops the Go driver's options from the reference's SQLITE_PATH", () => {
    expect(parseDsn(undefined, '/data/one-api.db?_busy_timeout=30000')).toEqual({
      dialect: 'sqlite',
      path: '/data/one-api.db',
    })
  })
  it('recognises PostgreSQL URLs', () => {
    expect(parseDsn('postgresql://u@h/db', '')).toEqual({
      dialect: 'postgres',
      connectionString: 'postgresql://u@h/db',
    })
  })
  it('keeps mysql:// URLs', () => {
    expect(parseDsn('mysql://root@127.0.0.1:3306/test', '')).toEqual({
      dialect: 'mysql',
      uri: 'mysql://root@127.0.0.1:3306/test',
    })
  })
  it("converts the reference system's Go MySQL DSN", () => {
    expect(parseDsn('root:p%w@tcp(db:3306)/newapi?parseTime=true&ssl=x', '')).toEqual({
      dialect: 'mysql',
      uri: 'mysql://root:p%25w@db:3306/newapi?ssl=x',
    })
    expect(parseDsn('root@tcp(127.0.0.1:3306)/test', '')).toEqual({
      dialect: 'mysql',
      uri: 'mysql://root@127.0.0.1:3306/test',
    })
  })
  it('refuses what it cannot read', () => {
    expect(() => parseDsn('nonsense', '')).toThrow(/SQL_DSN/)
  })
})
