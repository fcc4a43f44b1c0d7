import { describe, expect, it } from 'vitest'
import { backActionFor } from './back-action'

describe('backActionFor', () => {
  it('goes back in history with the gln package flag [RG-50]', () => {
    expect(backActionFor({ glnPackage: true, userPanelPackage: false })).toEqual({ kind: 'history' })
  })

  it('goes to /diets/extend/back with the user-panel package flag [RG-51]', () => {
    expect(backActionFor({ glnPackage: false, userPanelPackage: true })).toEqual({ kind: 'navigate', to: '/diets/extend/back' })
  })

  it('offers no back button without either flag', () => {
    expect(backActionFor({ glnPackage: false, userPanelPackage: false })).toEqual({ kind: 'none' })
  })
})
