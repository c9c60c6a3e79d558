import { ATTRIBUTION_HEADER, ATTRIBUTION_HEADER_MAX_LENGTH, ATTRIBUTION_VALUE_MAX_LENGTH } from '@brightwave/common';
import { ApiHeader } from '@nestjs/swagger';

/** Documents the X-Attribution header a public form's route reads (optional; never a reason to refuse). */
export const ApiAttributionHeader = () =>
  ApiHeader({
    name: ATTRIBUTION_HEADER,
    required: false,
    description:
      'Where the visit came from, as JSON: `{ "source", "medium", "campaign", "term", "content", "referrer", "landing" }` (the UTM tags of the ' +
      'landing URL, the referring host, the landing path; each optional). Each value of at most ' +
      `${ATTRIBUTION_VALUE_MAX_LENGTH} printable characters is kept (\`referrer\` a host name, \`landing\` a path of the site, its query left out), ` +
      `the rest dropped; a header over ${ATTRIBUTION_HEADER_MAX_LENGTH} characters or not a JSON object is ignored. Without a UTM source, ` +
      'an outside referrer makes the source its host and the medium `referral`, and no referrer the source `direct`.',
  });
