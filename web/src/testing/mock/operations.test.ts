/// <reference types="node" />
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { HttpHandler } from 'msw'
import { describe, expect, it } from 'vitest'
import { operationHandlers } from './operations'

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const

/** Every operation of the committed spec as `METHOD /path`, with msw's `:param` for `{param}`. */
function specOperations(): string[] {
  // vitest runs in web/; under jsdom import.meta.url is not a file URL.
  const specText = readFileSync(resolve(process.cwd(), '../openapi/openapi.json'), 'utf8')
  const spec = JSON.parse(specText) as { paths: Record<string, Record<string, unknown>> }
  return Object.entries(spec.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => method in item).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
  )
}

function handledOperations(): Set<string> {
  return new Set(
    operationHandlers.filter((handler) => handler instanceof HttpHandler).map(({ info }) => `${String(info.method)} ${String(info.path)}`),
  )
}

describe('the mock-mode handlers', () => {
  it('answer every operation of openapi/openapi.json (add a handler to src/testing/mock/operations.ts)', () => {
    const handled = handledOperations()
    const missing = specOperations().filter((operation) => !handled.has(operation))
    expect(missing).toEqual([])
  })

  it('answer nothing the spec does not have', () => {
    const known = new Set(specOperations())
    expect([...handledOperations()].filter((operation) => !known.has(operation))).toEqual([])
  })
})
