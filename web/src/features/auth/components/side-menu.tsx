import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { hasSupportContacts, useAppConfig } from '@/components/hooks/use-app-config'
import { SupportContacts } from '@/components/ui/support-contacts'
import { paths } from '@/config/paths'
import { currentUserQueryOptions } from '@/lib/auth'
import { localDigits } from '@/lib/digits'
import { useLogout } from '../api/logout'
import { APP_LINKS, SITE_LINKS, SOCIAL_LINKS } from '../domain/menu-links'
import { displayMobile } from '../domain/mobile'
import { storedIdentity } from '../domain/stored-identity'
import '../auth.css'

/**
 * The account's number at the top of the menu: the server's, else the one typed at sign-in, else 09999999999 when
 * no number is set at all (a token adopted from the lemonadeToken cookie, the server not answering) [AU-30].
 * Nothing while the server's answer is awaited and no number is stored, so the default does not flash.
 */
function useAccountNumber(open: boolean): string | null {
  const user = useQuery({ ...currentUserQueryOptions(), enabled: open })
  if (user.isSuccess && user.data.mobile !== '') return user.data.mobile
  const stored = storedIdentity()
  if (user.isPending && stored.mobileNumber === '') return null
  return displayMobile(stored.mobileNumber, stored.countryId)
}

/**
 * The signed-in user's menu [AU-55]: home (/diets), the orders history, the reserve list and the Limoo card (spec 2 §2),
 * support (popup with the embedded support site, or the support phone and e-mail, offered where the deployment configures any), about us, contact us, terms, feedback and complaints, a collapsible
 * social-networks group with three channels, and logout.
 */
export function SideMenu() {
  const { t, i18n } = useTranslation()
  const logout = useLogout()
  // Open on the page it was opened on: any navigation, the back button's included, closes it.
  const { key: page } = useLocation()
  const [openOn, setOpenOn] = useState<string | null>(null)
  const open = openOn === page
  const setOpen = (next: boolean) => setOpenOn(next ? page : null)
  const accountNumber = useAccountNumber(open)
  const [supportOpen, setSupportOpen] = useState(false)
  const config = useAppConfig()
  const supportSiteUrl = config?.supportSiteUrl
  const [socialOpen, setSocialOpen] = useState(false)
  const menuId = useId()
  const socialId = useId()
  const supportTitleId = useId()
  const closeRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    closeRef.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenOn(null)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])

  const close = () => setOpen(false)

  return (
    <>
      <button
        type="button"
        className="side-menu-button"
        data-testid="side-menu-button"
        aria-label={t('menu.open')}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true">☰</span>
      </button>
      {/* Portalled to <body>: inside the top bar they would share its stacking context and sit
          under fixed page parts such as the shop footer. */}
      {open
        ? createPortal(
            <div className="side-menu">
              <div className="side-menu__backdrop" aria-hidden="true" onClick={close} />
              <nav id={menuId} className="side-menu__panel" data-testid="side-menu" aria-label={t('menu.label')}>
                <button ref={closeRef} type="button" className="side-menu__close" onClick={close}>
                  {t('menu.close')}
                </button>
                <p className="side-menu__account" data-testid="side-menu-account">
                  <span>{t('menu.account')}</span>
                  <bdi dir="ltr" data-testid="account-mobile">
                    {accountNumber === null ? null : localDigits(accountNumber, i18n.language)}
                  </bdi>
                </p>
                <ul className="side-menu__list">
                  {APP_LINKS.map((link) => (
                    <li key={link.key}>
                      <Link to={link.to} onClick={close} data-testid={link.testId}>
                        {t(`menu.${link.key}`)}
                      </Link>
                    </li>
                  ))}
                  {hasSupportContacts(config) ? (
                    <li>
                      <button type="button" data-testid="menu-support" onClick={() => setSupportOpen(true)}>
                        {t('menu.support')}
                      </button>
                    </li>
                  ) : null}
                  <li>
                    <a href={SITE_LINKS.about}>{t('menu.about')}</a>
                  </li>
                  <li>
                    <a href={SITE_LINKS.contact}>{t('menu.contact')}</a>
                  </li>
                  <li>
                    <a href={SITE_LINKS.terms}>{t('menu.terms')}</a>
                  </li>
                  <li>
                    <a href={SITE_LINKS.feedback}>{t('menu.feedback')}</a>
                  </li>
                  <li>
                    <button
                      type="button"
                      data-testid="menu-social"
                      aria-expanded={socialOpen}
                      aria-controls={socialId}
                      onClick={() => setSocialOpen((value) => !value)}
                    >
                      {t('menu.social')}
                    </button>
                    <ul id={socialId} className="side-menu__social" hidden={!socialOpen}>
                      {SOCIAL_LINKS.map((link) => (
                        <li key={link.key}>
                          <a href={link.href} target="_blank" rel="noreferrer">
                            {t(`menu.${link.key}`)}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </li>
                  <li>
                    <a
                      href={`#${paths.logout}`}
                      data-testid="logout-link"
                      onClick={(event) => {
                        event.preventDefault()
                        close()
                        void logout()
                      }}
                    >
                      {t('menu.logout')}
                    </a>
                  </li>
                </ul>
              </nav>
            </div>,
            document.body,
          )
        : null}
      {supportOpen && hasSupportContacts(config)
        ? createPortal(
            <div className="support-popup" role="dialog" aria-modal="true" aria-labelledby={supportTitleId} data-testid="support-popup">
              <div className="support-popup__bar">
                <h2 id={supportTitleId}>{t('menu.supportTitle')}</h2>
                <button type="button" onClick={() => setSupportOpen(false)}>
                  {t('menu.close')}
                </button>
              </div>
              {supportSiteUrl ? (
                <iframe className="support-popup__frame" title={t('menu.supportTitle')} src={supportSiteUrl} />
              ) : (
                <SupportContacts />
              )}
            </div>,
            document.body,
          )
        : null}
    </>
  )
}
