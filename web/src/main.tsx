import './styles/global.css'
import './styles/purchase.css'
import { startApp } from './app/start'
import { chosenLanguage, loadLanguage } from './i18n'
import { ensureTokenChecked } from './lib/auth'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// The start-up token check (verify) is the landing's first call, and the sign-in popup waits for its answer: sent
// before the first render rather than from it, it travels while the app renders, so a slow network delays the first screen less. Start-up and the guards
// share it.
void ensureTokenChecked()

// The brand font (Vazirmatn) is fetched once the first screen has painted, in the system font: on a phone's slow
// network the first paint would otherwise wait for it (or, at best, race it), and the screen it paints is the
// prerendered one, ready before any script. The text takes the brand font when it arrives (font-display: swap).
requestAnimationFrame(() => setTimeout(() => void import('@fontsource-variable/vazirmatn')))

// A Turkish visit fetches its texts before the first render, so no Persian flashes first; if they fail to load,
// the shop still opens, in Persian.
// The start waits one turn of the event loop after the scripts' evaluation, so that a phone's main thread is not
// held for both at once.
void loadLanguage(chosenLanguage())
  .catch((failure: unknown) => console.warn('language texts did not load', failure))
  .then(() => new Promise((resolve) => setTimeout(resolve)))
  .then(() => startApp(root))
