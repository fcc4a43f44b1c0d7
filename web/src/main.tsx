import '@fontsource-variable/vazirmatn'
import './styles/global.css'
import './styles/purchase.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { chosenLanguage, loadLanguage } from './i18n'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// A Turkish visit fetches its texts before the first render, so no Persian flashes first; if they fail to load,
// the shop still opens, in Persian.
void loadLanguage(chosenLanguage())
  .catch((failure: unknown) => console.warn('language texts did not load', failure))
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  )
