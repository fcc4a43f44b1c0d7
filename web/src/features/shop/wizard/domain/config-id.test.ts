import { describe, expect, it } from 'vitest'
import { wizardConfigId } from './config-id'

describe('wizardConfigId', () => {
  it('uses the query configId [RG-44]', () => {
    expect(wizardConfigId('SELECT_F_RECOVER_AFTER_PROF', false)).toBe('SELECT_F_RECOVER_AFTER_PROF')
  })

  it.each([null, undefined, '', '  '])('defaults to SELECT_PACKAGE_F_PRODUCTS without a configId (%j) [RG-44]', (requested) => {
    expect(wizardConfigId(requested, false)).toBe('SELECT_PACKAGE_F_PRODUCTS')
  })

  it('maps SELECT_F_AFTER_PROF to SELECT_PACKAGE_F_FOREIGN_AFTER_PROF for a foreign customer [RG-45]', () => {
    expect(wizardConfigId('SELECT_F_AFTER_PROF', true)).toBe('SELECT_PACKAGE_F_FOREIGN_AFTER_PROF')
  })

  it.each([
    [null, 'SELECT_PACKAGE_F_FOREIGN'],
    ['SELECT_PACKAGE_F_PRODUCTS', 'SELECT_PACKAGE_F_FOREIGN'],
    ['SELECT_F_RECOVER_AFTER_PROF', 'SELECT_PACKAGE_F_FOREIGN'],
    ['SELECT_PACKAGE_F_FOREIGN', 'SELECT_PACKAGE_F_FOREIGN'],
    ['SELECT_PACKAGE_F_FOREIGN_AFTER_PROF', 'SELECT_PACKAGE_F_FOREIGN_AFTER_PROF'],
    ['MY_FOREIGN_TEST', 'MY_FOREIGN_TEST'],
  ])('maps %j to %s for a foreign customer [RG-46]', (requested, expected) => {
    expect(wizardConfigId(requested, true)).toBe(expected)
  })

  it('leaves the FOREIGN ids alone for a customer in Iran [RG-46]', () => {
    expect(wizardConfigId('SELECT_F_AFTER_PROF', false)).toBe('SELECT_F_AFTER_PROF')
  })
})
