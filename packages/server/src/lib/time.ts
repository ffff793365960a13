/** Current Unix time in whole seconds. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000)
