import {useId, useState} from 'react'

type Faq = {_key: string; question: string; answer: string}

/** Up to five FAQs in a list where opening one closes the other. */
export function FaqList({faqs, headingLevel = 4}: {faqs: Faq[]; headingLevel?: 3 | 4}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4'
  const [openKey, setOpenKey] = useState<string | null>(null)
  const baseId = useId()
  return (
    <ul className="faq-list">
      {faqs.slice(0, 5).map((faq, index) => {
        const open = openKey === faq._key
        const panelId = `${baseId}-faq-${index}`
        return (
          <li key={faq._key}>
            <Heading>
              <button
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenKey(open ? null : faq._key)}
              >
                <span>{faq.question}</span>
                <span aria-hidden="true">{open ? '−' : '+'}</span>
              </button>
            </Heading>
            <p id={panelId} className="faq-list__answer" hidden={!open}>
              {faq.answer}
            </p>
          </li>
        )
      })}
    </ul>
  )
}
