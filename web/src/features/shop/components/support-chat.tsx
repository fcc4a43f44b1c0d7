import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { hasSupportContacts, useAppConfig } from '@/components/hooks/use-app-config'
import { BottomSheet } from '@/components/ui/bottom-sheet'
import { SupportContacts } from '@/components/ui/support-contacts'
import { useOverlayParam } from '../hooks/use-overlay-param'
import { injectChatWidget, openChatWidget } from './chat-widget'
import './support-chat.css'

/** Without a chat widget: the ways to reach support the deployment configures, nothing that pretends to answer. */
function SupportContactsSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <BottomSheet open={open} title={t('shop.supportChat.title')} closeLabel={t('shop.supportChat.close')} onClose={onClose}>
      <SupportContacts />
    </BottomSheet>
  )
}

/**
 * The support-chat bubble [PM-20]. Opening adds `goftino=isOpen` to the address and closing removes it. With a chat
 * widget configured (the BFF's app config), opening injects its script once and opens the widget's window; without
 * one, a sheet with the support site, phone and e-mail the deployment configures; with none of these either, there is
 * no bubble. The bubble sits in the page's fixed footer, so it never covers a control or a price.
 */
export function SupportChat() {
  const { t } = useTranslation()
  const chat = useOverlayParam('goftino')
  const config = useAppConfig()
  const widget = config?.chatWidget

  // Also for an address that arrives with goftino=isOpen.
  useEffect(() => {
    if (!chat.isOpen || !widget) return
    injectChatWidget(widget)
    openChatWidget()
  }, [chat.isOpen, widget])

  if (config && !widget && !hasSupportContacts(config)) return null
  return (
    <>
      <button
        type="button"
        className="support-chat__bubble"
        data-testid="support-chat-bubble"
        aria-label={t('shop.supportChat.open')}
        aria-expanded={chat.isOpen}
        onClick={chat.isOpen && widget ? openChatWidget : chat.open}
      >
        <svg className="support-chat__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" />
        </svg>
      </button>
      {config && !widget ? <SupportContactsSheet open={chat.isOpen} onClose={chat.close} /> : null}
    </>
  )
}
