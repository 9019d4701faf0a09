import {
  NEWSLETTER_UNSUBSCRIBE_LINK_MESSAGE,
  NEWSLETTER_UNSUBSCRIBED_MESSAGE,
} from '@repo/schemas/newsletter-messages.ts'

import {
  NewsletterLinkPage,
  type NewsletterLinkCopy,
} from '../../features/newsletter/components/newsletter-link-page'

const COPY: NewsletterLinkCopy = {
  path: '/unsubscribe',
  action: '/api/newsletter/unsubscribe',
  ask: {
    title: 'Unsubscribe from our newsletter',
    text: 'Press the button and we stop sending our newsletter to this address at once.',
    button: 'Unsubscribe',
  },
  done: {
    title: 'You are unsubscribed',
    text: `${NEWSLETTER_UNSUBSCRIBED_MESSAGE} Changed your mind? You can sign up again on our home page.`,
  },
  failed: {title: 'This link does not work', text: NEWSLETTER_UNSUBSCRIBE_LINK_MESSAGE},
}

export function UnsubscribePage() {
  return <NewsletterLinkPage copy={COPY} />
}
