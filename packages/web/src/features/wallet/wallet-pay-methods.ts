/** A configured payment method (the PayMethods option, served as status.pay_methods). */
export interface PayMethod {
  name: string
  type: string
  color?: string
}

/** Keeps the methods' raw entries so that a broken one (no type) can be refused on click. */
export function readPayMethods(raw: Record<string, string>[] | undefined): Partial<PayMethod>[] {
  return Array.isArray(raw) ? raw.filter((m) => m && typeof m === 'object') : []
}

/** A method can be paid with only when it names its EPay type. */
export const isUsableMethod = (method: Partial<PayMethod>): method is PayMethod =>
  typeof method.type === 'string' && method.type !== ''

/** Only a CSS colour literal (#rgb, #rrggbb, rgb(...), a name) is used: the option is admin-written text. */
export const safeColor = (color: string | undefined): string | undefined =>
  color && /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]{3,20})$/i.test(color.trim()) ? color.trim() : undefined

/** The reference's default methods keep their Chinese names in the option; show those in the console's language. */
const defaultNames: Record<string, { name: string; key: 'online.methodAlipay' | 'online.methodWechat' }> = {
  zfb: { name: '支付宝', key: 'online.methodAlipay' },
  wx: { name: '微信', key: 'online.methodWechat' },
}

export function methodLabel(
  method: Partial<PayMethod>,
  t: (key: 'online.methodAlipay' | 'online.methodWechat') => string
): string {
  const known = method.type ? defaultNames[method.type] : undefined
  if (known && (method.name === known.name || !method.name)) return t(known.key)
  return method.name ?? ''
}
