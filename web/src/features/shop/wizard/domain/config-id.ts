/** The wizard's configuration ids (spec 2 §3, §5). */
export const DEFAULT_CONFIG_ID = 'SELECT_PACKAGE_F_PRODUCTS'
export const FOREIGN_CONFIG_ID = 'SELECT_PACKAGE_F_FOREIGN'
const AFTER_PROF_CONFIG_ID = 'SELECT_F_AFTER_PROF'
const FOREIGN_AFTER_PROF_CONFIG_ID = 'SELECT_PACKAGE_F_FOREIGN_AFTER_PROF'

/**
 * The configuration the wizard loads: the query's `configId`, else SELECT_PACKAGE_F_PRODUCTS [RG-44]. A foreign
 * customer gets the FOREIGN variant: SELECT_F_AFTER_PROF → SELECT_PACKAGE_F_FOREIGN_AFTER_PROF [RG-45], any other id
 * without FOREIGN → SELECT_PACKAGE_F_FOREIGN, an id already containing FOREIGN is kept [RG-46].
 */
export function wizardConfigId(requested: string | null | undefined, foreign: boolean): string {
  const id = requested?.trim() || DEFAULT_CONFIG_ID
  if (!foreign) return id
  if (id === AFTER_PROF_CONFIG_ID) return FOREIGN_AFTER_PROF_CONFIG_ID
  return id.includes('FOREIGN') ? id : FOREIGN_CONFIG_ID
}
