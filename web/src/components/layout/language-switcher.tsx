import {useLocation} from 'react-router-dom'

import {LANGUAGE_INFO, LANGUAGES, pathIn} from '@repo/schemas/languages.ts'
import {useLanguage, useT} from '../../i18n/i18n'

/**
 * The same page in each language: plain links (a full page load brings the other language's catalogue), each
 * named in its own language and marked as such for screen readers and search engines
 * (docs/decisions/247-language-addresses.md).
 */
export function LanguageSwitcher() {
  const t = useT()
  const current = useLanguage()
  // The router's location is within the language (its basename), so it is the same page in every language.
  const {pathname, search} = useLocation()
  return (
    <nav aria-label={t('language.label')} className="language-switcher">
      <h2 className="site-footer__heading">{t('language.label')}</h2>
      <ul>
        {LANGUAGES.map((language) => {
          const {name, htmlLang} = LANGUAGE_INFO[language]
          return (
            <li key={language}>
              <a
                href={pathIn(language, pathname) + search}
                hrefLang={language}
                lang={htmlLang}
                aria-current={language === current ? 'true' : undefined}
              >
                {name}
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
