import {configure} from '@testing-library/react'

import {AWAIT_TIMEOUT_MS} from '../../vitest.await-timeout.ts'
import {pageI18n} from './i18n/catalogues'
import {createSiteI18n, setFallbackI18n} from './i18n/i18n'

// `findBy…` and `waitFor` wait as long as `expect.poll` does (vitest.await-timeout.ts says why).
configure({asyncUtilTimeout: AWAIT_TIMEOUT_MS})

// Components rendered without the app's provider speak English, as the site does at `/`.
setFallbackI18n(createSiteI18n(pageI18n('en')))
