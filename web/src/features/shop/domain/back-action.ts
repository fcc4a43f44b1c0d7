import { paths } from '@/config/paths'

/** Where the back button of select-package-c goes (spec 2 §4 "Back from page c"). */
export type BackAction = { kind: 'history' } | { kind: 'navigate'; to: string } | { kind: 'none' }

/** gln package: one step back in history [RG-50]; user-panel package: /diets/extend/back [RG-51]; else no button. */
export function backActionFor(flags: { glnPackage: boolean; userPanelPackage: boolean }): BackAction {
  if (flags.glnPackage) return { kind: 'history' }
  if (flags.userPanelPackage) return { kind: 'navigate', to: paths.dietsExtendBack }
  return { kind: 'none' }
}
