import { createRequire } from 'node:module';

/**
 * Chart images for emails, drawn on the server: ECharts' server-side renderer gives an SVG, resvg turns it
 * into a PNG with the bundled Inter font (mail clients show neither SVG nor web fonts reliably, and the
 * machine's own fonts may be missing). Both libraries load on first use, so the API starts without them.
 */
const FONT_FAMILY = 'Inter';
let fontFiles: string[] | undefined;

function bundledFonts(): string[] {
  if (!fontFiles) {
    const require = createRequire(import.meta.url);
    fontFiles = ['400Regular/Inter_400Regular.ttf', '600SemiBold/Inter_600SemiBold.ttf'].map((f) => require.resolve(`@expo-google-fonts/inter/${f}`));
  }
  return fontFiles;
}

/** An ECharts option (kept loose: the caller builds it). */
export type ChartOption = Record<string, unknown>;

/** Renders an ECharts option to a PNG of the given CSS size, at twice the pixels for sharp screens. */
export async function renderChartPng(option: ChartOption, size: { width: number; height: number }): Promise<Buffer> {
  const [echarts, { Resvg }] = await Promise.all([import('echarts'), import('@resvg/resvg-js')]);
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: size.width, height: size.height });
  let svg: string;
  try {
    chart.setOption({ animation: false, textStyle: { fontFamily: FONT_FAMILY }, backgroundColor: '#ffffff', ...option });
    svg = chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
  const png = new Resvg(svg, {
    fitTo: { mode: 'width', value: size.width * 2 },
    font: { fontFiles: bundledFonts(), loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
  }).render();
  return png.asPng();
}
