vcl 4.1;

# The shared cache in front of the site, as a CDN would be: public pages are kept as the site says
# (s-maxage, stale-while-revalidate) and purged by the tags in their Surrogate-Key when an editor publishes
# (web/server/edge/purger.ts). See docs/decisions/060-cacheable-pages.md.
# `npm start -- --edge` fills in the placeholders (scripts/lib/varnish.ts).

import std;
import xkey;

backend site {
  .host = "{{SITE_HOST}}";
  .port = "{{SITE_PORT}}";
  .connect_timeout = 2s;
  .first_byte_timeout = 15s;
}

# Only the site's own servers may purge: from these addresses, and with the purge token that `npm start -- --edge`
# generates into DATA_DIR and gives only the site server and this file (EDGE_PURGE_TOKEN).
acl purgers {
  "127.0.0.1";
  "::1";
}

sub vcl_recv {
  if (req.method == "PURGE") {
    if (client.ip !~ purgers || req.http.x-purge-token != "{{PURGE_TOKEN}}") {
      return (synth(403, "Purging is for the site's servers"));
    }
    if (!req.http.xkey-purge) {
      return (synth(400, "Name the keys to purge in xkey-purge"));
    }
    # Hard purge: a purged page is gone, not served stale while it is fetched again.
    set req.http.n-gone = xkey.purge(req.http.xkey-purge);
    return (synth(200, "Purged " + req.http.n-gone));
  }
  unset req.http.x-purge-token;
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # An address spelt otherwise than the site spells its pages (an escape, a dot segment, a doubled or trailing
  # slash, a backslash) is answered by a redirect to its one spelling that no cache keeps: passed, so that no
  # spelling of a personal page is ever looked up or kept here (server/edge/page-address.ts).
  if (req.url ~ "^[^?]*(%|\\|//|/\.\.?(/|\?|$))" || req.url ~ "^/[^?]*/(\?|$)") {
    return (pass);
  }
  # The API, the staff dashboard and the traveller's own pages, in any letter case and any language, go straight
  # to the site, never into the cache. The list is PERSONAL_PATHS in server/edge/page-address.ts (its test holds the two together).
  if (std.tolower(req.url) ~ "^/(?:(?:de|nl|fr)/)?(api|admin|requests|reviews|book|thank-you|unsubscribe|newsletter|waitlist|privacy/requests)(/|\?|$)") {
    return (pass);
  }
  # An editor's preview shows drafts: never from the cache, never into it.
  if (req.http.Cookie ~ "(^|;\s*)site_preview=") {
    return (pass);
  }
  # Public pages read no cookie, so a visitor's cookies must not make each of them a miss.
  unset req.http.Cookie;
  # One object per encoding the site makes, kept as the site compressed it (http_gzip_support is off).
  if (req.http.Accept-Encoding ~ "\bbr\b") {
    set req.http.Accept-Encoding = "br";
  } elsif (req.http.Accept-Encoding ~ "\bgzip\b") {
    set req.http.Accept-Encoding = "gzip";
  } else {
    unset req.http.Accept-Encoding;
  }
  return (hash);
}

sub vcl_backend_response {
  # xkey indexes the object under each key of this header: the page's sync tags, its language ("lang:de") and "pages".
  if (beresp.http.Surrogate-Key) {
    set beresp.http.xkey = beresp.http.Surrogate-Key;
  }
  # Errors are not kept: the next visitor asks the site again.
  if (beresp.status >= 500) {
    set beresp.uncacheable = true;
    set beresp.ttl = 1s;
    return (deliver);
  }
}

sub vcl_deliver {
  # The keys are for this cache, not for visitors (Fastly and Cloudflare strip theirs too): fewer bytes a hit.
  unset resp.http.xkey;
  unset resp.http.Surrogate-Key;
  unset resp.http.Cache-Tag;
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
  set resp.http.X-Cache-Hits = obj.hits;
}
