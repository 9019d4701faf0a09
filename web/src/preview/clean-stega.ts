import {stegaClean} from '@sanity/client/stega'

const hasStega = (value: string) => stegaClean(value) !== value

function cleanAttributes(element: Element) {
  for (const {name, value} of [...element.attributes]) {
    if (hasStega(value)) element.setAttribute(name, stegaClean(value))
  }
}

function cleanTree(root: Element) {
  cleanAttributes(root)
  for (const element of root.querySelectorAll('*')) cleanAttributes(element)
}

function cleanHead() {
  if (hasStega(document.title)) document.title = stegaClean(document.title)
  for (const script of document.head.querySelectorAll('script[type="application/ld+json"]')) {
    const text = script.textContent ?? ''
    if (hasStega(text)) script.textContent = stegaClean(text)
  }
}

/**
 * Stega belongs in the page's visible text only, where the overlays find it. Whatever the preview renders from
 * the same strings into `<title>`, meta tags, JSON-LD or attributes (alt texts, labels, links) is cleaned as soon
 * as it is written, so what search engines, screen readers and links would get matches the published page.
 */
export function keepStegaInTextOnly(): () => void {
  cleanTree(document.documentElement)
  cleanHead()
  const observer = new MutationObserver((mutations) => {
    let head = false
    for (const mutation of mutations) {
      if (mutation.type === 'attributes' && mutation.target instanceof Element)
        cleanAttributes(mutation.target)
      for (const node of mutation.addedNodes) if (node instanceof Element) cleanTree(node)
      if (document.head.contains(mutation.target)) head = true
    }
    if (head) cleanHead()
  })
  observer.observe(document.documentElement, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  })
  return () => observer.disconnect()
}
