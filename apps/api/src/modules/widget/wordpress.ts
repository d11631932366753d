import { PRODUCT, widgetApi } from '@kudo/shared';
import { createZip } from './zip.js';

/** A PHP single-quoted string literal. */
const phpString = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The folder (and main file) name of the plugin. */
export const WORDPRESS_PLUGIN_SLUG = `${PRODUCT.slug}-reviews`;

/**
 * A WordPress plugin that adds the location's widget script to every page and a [kudo_reviews] shortcode for
 * the fixed-dot container.
 */
export function wordpressPluginPhp(opts: { businessName: string; scriptUrl: string; widgetKey: string }): string {
  const prefix = PRODUCT.slug.replace(/[^a-z0-9_]/gi, '_');
  const name = opts.businessName.replace(/[\r\n*/]/g, ' ').trim();
  return `<?php
/**
 * Plugin Name: ${PRODUCT.name} Reviews${name ? ` for ${name}` : ''}
 * Description: Shows your ${PRODUCT.name} review widget (the dot and your selected reviews) on every page, with schema.org rating data for search engines. Use the [${prefix}_reviews] shortcode where a fixed dot should sit.
 * Version: 1.0.0
 * Author: ${PRODUCT.name}
 * License: GPLv2 or later
 */

if (!defined('ABSPATH')) {
    exit;
}

define('${prefix.toUpperCase()}_REVIEWS_SCRIPT', ${phpString(opts.scriptUrl)});
define('${prefix.toUpperCase()}_REVIEWS_KEY', ${phpString(opts.widgetKey)});

function ${prefix}_reviews_print_script() {
    printf(
        '<script async src="%s" ${widgetApi.WIDGET_KEY_ATTRIBUTE}="%s"></script>' . "\\n",
        esc_url(${prefix.toUpperCase()}_REVIEWS_SCRIPT),
        esc_attr(${prefix.toUpperCase()}_REVIEWS_KEY)
    );
}
add_action('wp_footer', '${prefix}_reviews_print_script');

function ${prefix}_reviews_container_shortcode() {
    return '<div id="${widgetApi.WIDGET_STATIC_CONTAINER_ID}" style="min-width:100px;min-height:100px"></div>';
}
add_shortcode('${prefix}_reviews', '${prefix}_reviews_container_shortcode');
`;
}

export function wordpressPluginZip(opts: { businessName: string; scriptUrl: string; widgetKey: string }, now = new Date()): Buffer {
  const readme = `=== ${PRODUCT.name} Reviews ===
Shows your ${PRODUCT.name} review widget on every page of your WordPress site.

== Installation ==
1. In WordPress, open Plugins > Add New > Upload Plugin and choose this zip file.
2. Click Install Now, then Activate.
3. Optional: for a fixed dot, add the shortcode [${PRODUCT.slug}_reviews] to a page or widget area.
`;
  return createZip(
    [
      { name: `${WORDPRESS_PLUGIN_SLUG}/${WORDPRESS_PLUGIN_SLUG}.php`, data: Buffer.from(wordpressPluginPhp(opts), 'utf8') },
      { name: `${WORDPRESS_PLUGIN_SLUG}/readme.txt`, data: Buffer.from(readme, 'utf8') },
    ],
    now,
  );
}
