import { useTranslation } from 'react-i18next'
import { hasSupportContacts, useAppConfig } from '@/components/hooks/use-app-config'
import { localDigits } from '@/lib/digits'

/**
 * The ways to reach support that the deployment configures (the BFF's app config): its support site, phone and
 * e-mail, each a link that leads there. Nothing when none is configured: the app never shows a stand-in number.
 */
export function SupportContacts() {
  const { t, i18n } = useTranslation()
  const config = useAppConfig()
  if (!hasSupportContacts(config)) return null
  const phone = config?.supportPhone
  const email = config?.supportEmail
  return (
    <div className="support-contacts" data-testid="support-contacts">
      <p className="support-contacts__intro">{t('support.intro')}</p>
      <ul className="support-contacts__list">
        {config?.supportSiteUrl ? (
          <li>
            <a href={config.supportSiteUrl} target="_blank" rel="noopener noreferrer">
              {t('support.site')}
            </a>
          </li>
        ) : null}
        {phone ? (
          <li>
            <a href={`tel:${phone.replace(/[^+0-9]/g, '')}`}>
              {`${t('support.phone')}: `}
              <bdi dir="ltr">{localDigits(phone, i18n.language)}</bdi>
            </a>
          </li>
        ) : null}
        {email ? (
          <li>
            <a href={`mailto:${email}`}>
              {`${t('support.email')}: `}
              <bdi dir="ltr">{email}</bdi>
            </a>
          </li>
        ) : null}
      </ul>
    </div>
  )
}
