import { isAdminRole, type SessionUser } from '@gateway/shared'
import { useSyncExternalStore } from 'react'
import { readItem, removeItem, storageKeys, writeJson } from './storage'

type Listener = () => void
const listeners = new Set<Listener>()

// Keyed by the raw stored text: useSyncExternalStore needs a stable snapshot, and anything that
// rewrites localStorage directly (another script, a test) is still noticed on the next read.
let cachedRaw: string | null = null
let cachedUser: SessionUser | null = null

function parse(raw: string | null): SessionUser | null {
  if (!raw) return null
  try {
    const user = JSON.parse(raw) as SessionUser | null
    return user && typeof user.id === 'number' ? user : null
  } catch {
    return null
  }
}

function emit(): void {
  for (const listener of listeners) listener()
}

/** The user saved at login, or null when logged out. */
export function getStoredUser(): SessionUser | null {
  const raw = readItem(storageKeys.user)
  if (raw !== cachedRaw) {
    cachedRaw = raw
    cachedUser = parse(raw)
  }
  return cachedUser
}

// True from the moment the server refused the session (a 401) until the next sign-in: the pages'
// own guard then says why it sends the visitor to /login, whichever navigation gets there first.
let endedByServer = false

export function setStoredUser(user: SessionUser): void {
  endedByServer = false
  writeJson(storageKeys.user, user)
  emit()
}

export function clearStoredUser(): void {
  removeItem(storageKeys.user)
  emit()
}

/** The server said the session is gone: forget the local user and remember why. */
export function expireStoredUser(): void {
  endedByServer = true
  clearStoredUser()
}

/** Whether the last session ended because the server refused it (not a sign-out). */
export function sessionEndedByServer(): boolean {
  return endedByServer
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener)
  // Another tab logging in or out changes localStorage under us.
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.user || event.key === null) emit()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribe, getStoredUser, () => null)
}

export function isAdmin(user: SessionUser | null): boolean {
  return user !== null && isAdminRole(user.role)
}
