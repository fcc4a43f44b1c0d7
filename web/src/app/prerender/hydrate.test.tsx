import { act } from '@testing-library/react'
import type { Root } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { languages } from '@/i18n'
import { storeToken } from '@/lib/auth'
import indexHtml from '../../../index.html?raw'
import { createAppRouter, type AppRouter } from '../router'
import { startApp } from '../start'
import { renderScreen } from './render'
import { PRERENDERED_SCREENS, prerenderedScreen, rendersPrerendered, routerSettled } from './screens'

/** index.html's picker, run as the browser runs it before the app's scripts. */
const picker = (() => {
  const script = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)?.[1]
  if (script === undefined) throw new Error('index.html has no inline picker script')
  return () => new Function(script)() as void
})()

let mounted: Root | undefined
let started: AppRouter | undefined
afterEach(() => {
  act(() => mounted?.unmount())
  mounted = undefined
  // Before the address is reset: a live hash router would follow it and start loading.
  started?.dispose()
  started = undefined
  document.body.replaceChildren()
  for (const element of document.head.querySelectorAll('style, link')) element.remove()
  document.documentElement.lang = 'fa'
  document.documentElement.dir = 'rtl'
})

/** The prerendered screens as scripts/prerender.mjs writes them into dist/index.html (rendered once per file). */
let rendered: Promise<string> | undefined
async function renderTemplates(): Promise<string> {
  let templates = ''
  for (const screen of PRERENDERED_SCREENS) {
    for (const language of languages) {
      const { html, path } = await renderScreen(screen.addresses[0], language)
      templates += `<template data-screen="${language}" data-addresses="${screen.addresses.join(' ')}" data-path="${path}" data-title="t">${html}</template>`
    }
  }
  return templates
}

/** The page as dist/index.html holds it: the shell in #root, the prerendered screens beside it. */
async function builtPage() {
  rendered ??= renderTemplates()
  const templates = await rendered
  window.sessionStorage.clear()
  window.localStorage.clear()
  document.body.innerHTML = `<div id="root"><div class="app-shell"></div></div>${templates}`
  return document.getElementById('root') as HTMLElement
}

describe('the landing screens prerendered at build time', () => {
  for (const screen of PRERENDERED_SCREENS) {
    for (const language of languages) {
      const address = screen.addresses[screen.addresses.length - 1]
      it(`${address} in ${language}: painted by the picker, hydrated without a mismatch, the painted nodes kept`, async () => {
        const root = await builtPage()
        window.location.hash = `#${address}${language === 'tr' ? '?lang=tr' : ''}`
        picker()
        expect(prerenderedScreen(root)).toBe(`${language} ${screen.path}`)
        expect(document.documentElement.dir).toBe(language === 'fa' ? 'rtl' : 'ltr')
        const painted = root.querySelector('main')
        const paintedText = root.textContent
        expect(painted).not.toBeNull()
        expect(root).toHaveAttribute('inert')

        // React reports a mismatch it recovered from (by rendering afresh) as an error on the window.
        const recoverable: unknown[] = []
        const onError = (event: ErrorEvent) => recoverable.push(event.error)
        window.addEventListener('error', onError)
        let hydrated = false
        await act(async () => {
          const app = await startApp(root)
          ;({ root: mounted, router: started, hydrated } = app)
        })
        window.removeEventListener('error', onError)
        expect(hydrated).toBe(true)
        expect(root).not.toHaveAttribute('inert')
        expect(root).toHaveAttribute('data-started')
        // A mismatch makes React render afresh: new nodes, and an error reported here or on console.error
        // (which fails every test, setup-tests.ts).
        expect(recoverable).toEqual([])
        expect(root.querySelector('main')).toBe(painted)
        expect(root.textContent).toBe(paintedText)
      })
    }
  }

  it('paints Persian with Persian digits right to left, and Turkish with Latin digits left to right', async () => {
    const root = await builtPage()
    window.location.hash = '#/betterme/1'
    picker()
    expect(document.documentElement).toHaveAttribute('dir', 'rtl')
    expect(root.querySelector('[data-testid="quiz-progress-text"]')).toHaveTextContent('۱ از ۱۱')
    window.location.hash = '#/betterme/1?lang=tr'
    picker()
    expect(document.documentElement).toHaveAttribute('dir', 'ltr')
    expect(root.querySelector('[data-testid="quiz-progress-text"]')).toHaveTextContent('1 / 11')
  })

  it('keeps the shell for a customer with a stored token: the sign-in is never shown as if signed out', async () => {
    const root = await builtPage()
    storeToken('x.eyJzdWIiOiIxIn0.y')
    window.location.hash = '#/'
    picker()
    expect(prerenderedScreen(root)).toBeUndefined()
    expect(root.querySelector('[data-testid="auth-screen"]')).toBeNull()
  })

  it('keeps the shell on the sign-in for a visitor whose number is stored (who may hold a refresh cookie)', async () => {
    const root = await builtPage()
    window.localStorage.setItem('mobileNumber', '9120000001')
    window.location.hash = ''
    picker()
    expect(prerenderedScreen(root)).toBeUndefined()
  })

  it('renders afresh rather than hydrate when the visitor turns out to be signed in', async () => {
    const root = await builtPage()
    window.location.hash = '#/betterme/1'
    picker()
    storeToken('x.eyJzdWIiOiIxIn0.y')
    const router = (started = createAppRouter())
    await routerSettled(router)
    expect(rendersPrerendered(prerenderedScreen(root) ?? '', router, 'fa')).toBe(false)
  })
})
