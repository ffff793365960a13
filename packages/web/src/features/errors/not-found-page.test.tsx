import { renderWithRouter } from '@test/render'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { i18n } from '@/i18n'
import { NotFoundPage } from './not-found-page'

describe('NotFoundPage', () => {
  it('says the page does not exist and how to fix it', async () => {
    await i18n.changeLanguage('en')
    await renderWithRouter(<NotFoundPage />, '/nowhere')
    expect((await screen.findByTestId('page-title')).textContent).toBe('Page does not exist')
    expect(screen.getByText('Check that your browser address is correct')).toBeVisible()
  })

  it('is translated', async () => {
    await i18n.changeLanguage('zh')
    await renderWithRouter(<NotFoundPage />, '/nowhere')
    expect((await screen.findByTestId('page-title')).textContent).toBe('页面不存在')
    expect(screen.getByText('请检查你的浏览器地址是否正确')).toBeVisible()
  })
})
