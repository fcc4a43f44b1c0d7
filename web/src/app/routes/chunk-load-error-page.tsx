import { useTranslation } from 'react-i18next'
import { useRouteError } from 'react-router'
import '@/components/ui/ui.css'
import { isChunkLoadError } from '../chunk-load'

/**
 * Error element of the lazily loaded routes: a screen whose code could not be loaded asks for a reload [ER-11].
 * Any other route error is not this page's to show, so it goes on to the default boundary.
 */
export function ChunkLoadErrorPage({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const error = useRouteError()
  const { t } = useTranslation()
  if (!isChunkLoadError(error)) throw error
  return (
    <section className="placeholder" data-testid="chunk-load-error" role="alert">
      <p className="placeholder__body">{t('chunkLoad.message')}</p>
      <button type="button" className="auth-button" data-testid="chunk-load-reload" onClick={reload}>
        {t('chunkLoad.reload')}
      </button>
    </section>
  )
}
