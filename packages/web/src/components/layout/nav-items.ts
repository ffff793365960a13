import type { SessionUser, Status } from '@gateway/shared'
import {
  FlaskConical,
  Image,
  KeyRound,
  LayoutDashboard,
  ListChecks,
  MessagesSquare,
  ScrollText,
  Server,
  Settings,
  Ticket,
  UserCog,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react'
import type navZh from '@/i18n/locales/zh/nav.json'
import { canAccess } from '@/lib/access'

export type NavItemKey = keyof typeof navZh.items
export type NavGroupKey = keyof typeof navZh.groups

export interface NavChild {
  /** The admin-given chat name; shown as is, not translated. */
  label: string
  to: string
}

export interface NavItem {
  key: NavItemKey
  to: string
  icon: LucideIcon
  /** Present only when there is more than one entry to choose from (the chat submenu). */
  children?: NavChild[]
}

export interface NavGroup {
  /** Undefined for the ungrouped top section (playground, chat). */
  key?: NavGroupKey
  items: NavItem[]
}

export type NavStatus = Pick<Status, 'chats' | 'enable_data_export' | 'enable_drawing' | 'enable_task'>

/** Names of the configured chats: each entry of status.chats is `{ name: url }`. */
export function chatNames(chats: Status['chats']): string[] {
  return chats.map((entry, index) => Object.keys(entry)[0] ?? `Chat ${index + 1}`)
}

function chatItem(chats: Status['chats']): NavItem | null {
  const names = chatNames(chats)
  if (names.length === 0) return null
  if (names.length === 1) return { key: 'chat', to: '/chat/0', icon: MessagesSquare }
  return {
    key: 'chat',
    to: '/chat/0',
    icon: MessagesSquare,
    children: names.map((label, index) => ({ label, to: `/chat/${index}` })),
  }
}

/** The side navigation for a user under the given server flags (spec §2 "Shell and navigation"). */
export function buildSidebarNav(status: NavStatus, user: Pick<SessionUser, 'role'> | null): NavGroup[] {
  const chat = chatItem(status.chats)
  const groups: NavGroup[] = [
    { items: [{ key: 'playground', to: '/playground', icon: FlaskConical }, ...(chat ? [chat] : [])] },
    {
      key: 'console',
      items: [
        ...(status.enable_data_export ? [{ key: 'detail', to: '/detail', icon: LayoutDashboard } as const] : []),
        { key: 'token', to: '/token', icon: KeyRound },
        { key: 'log', to: '/log', icon: ScrollText },
        ...(status.enable_drawing ? [{ key: 'midjourney', to: '/midjourney', icon: Image } as const] : []),
        ...(status.enable_task ? [{ key: 'task', to: '/task', icon: ListChecks } as const] : []),
      ],
    },
  ]
  // The same role table as the route guard: an entry shows only where its page would open.
  const adminItems = (
    [
      { key: 'channel', to: '/channel', icon: Server },
      { key: 'redemption', to: '/redemption', icon: Ticket },
      { key: 'user', to: '/user', icon: Users },
      { key: 'setting', to: '/setting', icon: Settings },
    ] satisfies NavItem[]
  ).filter((item) => user !== null && canAccess(user.role, item.to))
  if (adminItems.length > 0) groups.push({ key: 'admin', items: adminItems })
  groups.push({
    key: 'personal',
    items: [
      { key: 'topup', to: '/topup', icon: Wallet },
      { key: 'personal', to: '/personal', icon: UserCog },
    ],
  })
  return groups
}

/** Whether `pathname` belongs to the nav entry `to` (so /channel/edit/3 highlights Channels). */
export function isActivePath(pathname: string, to: string): boolean {
  if (to.startsWith('/chat/')) return pathname === to
  return pathname === to || pathname.startsWith(`${to}/`)
}

export type TopNavKey = keyof typeof navZh.top

export interface TopNavLink {
  key: TopNavKey
  to: string
  external?: boolean
}

/** Links in the top bar; docs only when the admin set a docs link. */
export function buildTopNav(docsLink: string): TopNavLink[] {
  return [
    { key: 'home', to: '/' },
    { key: 'console', to: '/token' },
    { key: 'pricing', to: '/pricing' },
    ...(docsLink ? [{ key: 'docs', to: docsLink, external: true } as const] : []),
    { key: 'about', to: '/about' },
  ]
}
