import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { i18nReady } from './i18n'
import './styles.css'
import { App } from './app'

const root = document.getElementById('root')
if (!root) throw new Error('index.html lacks #root')
const container = root

// After the shell's texts of the visitor's language have arrived (at once for Chinese).
void i18nReady.finally(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>
  )
)
