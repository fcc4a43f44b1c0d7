import '@fontsource-variable/vazirmatn'
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

// A Turkish visit fetches its texts before the first render, so no Persian flashes first; if they fail to load,
// the shop still opens, in Persian.
void loadLanguage(chosenLanguage())
  .catch((failure: unknown) => console.warn('language texts did not load', failure))
  .then(() => startApp(root))
