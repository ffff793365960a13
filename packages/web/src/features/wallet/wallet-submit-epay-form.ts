import type { EpayForm } from '@gateway/shared'

/**
 * Posts the signed fields to the payment gateway in this tab, as the reference console does:
 * the gateway's page takes over and later returns the browser to the console.
 */
export function submitEpayForm({ url, params }: EpayForm, doc: Document = document): HTMLFormElement {
  const form = doc.createElement('form')
  form.method = 'POST'
  form.action = url
  form.style.display = 'none'
  for (const [name, value] of Object.entries(params)) {
    const input = doc.createElement('input')
    input.type = 'hidden'
    input.name = name
    input.value = value
    form.appendChild(input)
  }
  doc.body.appendChild(form)
  form.submit()
  return form
}
