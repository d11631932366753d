/** What other areas use of the SMS keywords: the automatic STOP, START and HELP answers, and the words. */
export { HELP_KEYWORDS, keywordReply, START_KEYWORDS, STOP_KEYWORDS } from './keywords.js';
