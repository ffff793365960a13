/** Messages of the wallet area; merged into the one dictionary in ../messages.ts. */
export const walletMessages = {
  'wallet.amount_invalid': { zh: '充值数量必须是正整数', en: 'The top-up amount must be a positive whole number' },
  'wallet.amount_below_minimum': { zh: '充值数量不能小于 {min}', en: 'The top-up amount cannot be less than {min}' },
  'wallet.amount_whole_units': {
    zh: '充值数量必须是 {unit} 的整数倍',
    en: 'The top-up amount must be a multiple of {unit}',
  },
  'wallet.amount_too_large': { zh: '充值数量过大', en: 'The top-up amount is too large' },
  'wallet.money_too_low': { zh: '充值金额过低', en: 'The payment amount is too low' },
  'wallet.online_topup_disabled': {
    zh: '管理员未开启在线充值！',
    en: 'The administrator has not enabled online top-up!',
  },
  'wallet.pay_method_invalid': { zh: '支付方式不存在', en: 'This payment method does not exist' },
  'wallet.idempotency_key_invalid': {
    zh: 'Idempotency-Key 必须是 1-255 个可打印 ASCII 字符',
    en: 'Idempotency-Key must be 1 to 255 printable ASCII characters',
  },
  'wallet.idempotency_key_reused': {
    zh: '该 Idempotency-Key 已用于另一笔不同的充值',
    en: 'This Idempotency-Key was already used for a different top-up',
  },
  'wallet.order_already_paid': { zh: '该订单已支付，请勿重复支付', en: 'This order has already been paid' },
  'wallet.balance_limit': {
    zh: '余额最多为 {max}，本次入账会超出上限，已拒绝，余额未变',
    en: 'A balance may hold at most {max}; this credit would go beyond it, so it was refused and nothing changed',
  },
  'wallet.log_online_topup': {
    zh: '使用在线充值成功，充值金额: {quota}，支付金额：{money}',
    en: 'Online top-up succeeded: {quota} credited, {money} paid',
  },
} as const satisfies Record<string, { zh: string; en: string }>
