import { describe, expect, it } from 'vitest'
import { classifyContent } from './content-classify'

describe('classifyContent', () => {
  it('treats blank text as empty', () => {
    expect(classifyContent('   ')).toEqual({ kind: 'empty' })
    expect(classifyContent(undefined)).toEqual({ kind: 'empty' })
  })

  it('shows a lone https URL in a frame', () => {
    expect(classifyContent(' https://example.com/about ')).toEqual({ kind: 'url', url: 'https://example.com/about' })
  })

  it('renders markdown and strips scripts', () => {
    const result = classifyContent('# Hello\n\n<img src=x onerror="alert(1)"><script>alert(2)</script>')
    expect(result.kind).toBe('html')
    if (result.kind !== 'html') return
    expect(result.html).toContain('<h1>Hello</h1>')
    expect(result.html).not.toContain('onerror')
    expect(result.html).not.toContain('<script')
  })
})
