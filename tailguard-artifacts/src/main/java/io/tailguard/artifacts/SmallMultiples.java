package io.tailguard.artifacts;

import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Thread-safe (stateless) drawer of a chart with many series as small multiples: one small chart
 * per series on the same axes, in a grid of {@link #COLUMNS} columns under the chart's title. Seven lines
 * drawn over each other are a tangle; seven small charts each show one line, and the other series
 * stay behind it in light grey so each still reads against the rest.
 */
final class SmallMultiples {

    /** A chart with more series than this is drawn as small multiples. */
    static final int MAX_SERIES = 4;
    /** Small charts per row. */
    static final int COLUMNS = 2;
    /** Height of one small chart in pixels. */
    static final int PANEL_HEIGHT = 260;

    /** Marker size in a small chart: full-size markers on a third of the width merge into a band. */
    private static final int PANEL_MARKER = 3;
    /** The chart's title, then a line naming both axes, which the small charts leave untitled. */
    private static final int TITLE_HEIGHT = 56;
    private static final Font PANEL_TITLE = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    private static final Font AXES_LINE = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    private static final Color CONTEXT = new Color(0xd0, 0xd7, 0xde);

    private SmallMultiples() {
    }

    /** Returns whether {@code chart} has too many series to read drawn together. */
    static boolean needed(Chart<?, ?> chart) {
        return (chart instanceof XYChart || chart instanceof CategoryChart) && chart.getSeriesMap().size() > MAX_SERIES;
    }

    /** Returns the small charts of {@code chart}, one per series, in series order. */
    static List<Chart<?, ?>> panels(Chart<?, ?> chart) {
        int width = chart.getWidth() / COLUMNS;
        List<Chart<?, ?>> panels = new ArrayList<>();
        if (chart instanceof XYChart xy) {
            double[] y = range(xy.getSeriesMap().values().stream().map(XYSeries::getYData).toList());
            double[] x = range(xy.getSeriesMap().values().stream().map(XYSeries::getXData).toList());
            for (XYSeries s : xy.getSeriesMap().values()) {
                XYChart panel = new XYChartBuilder().width(width).height(PANEL_HEIGHT).title(fitted(s.getName(), width))
                        .xAxisTitle(xy.getXAxisTitle()).yAxisTitle(xy.getYAxisTitle()).build();
                sameAxes(xy.getStyler(), panel.getStyler(), x, y);
                int i = 0;
                for (XYSeries other : xy.getSeriesMap().values()) {
                    if (other != s) {
                        XYSeries back = panel.addSeries("\u200b" + i++, other.getXData(), other.getYData());
                        back.setLineColor(CONTEXT);
                        back.setMarker(SeriesMarkers.NONE);
                        back.setLineStyle(SeriesLines.SOLID);
                    }
                }
                XYSeries line = panel.addSeries(s.getName(), s.getXData(), s.getYData());
                line.setLineColor(s.getLineColor());
                line.setMarkerColor(s.getMarkerColor());
                line.setMarker(s.getMarker());
                line.setLineStyle(s.getLineStyle());
                panel.getStyler().setMarkerSize(Math.min(PANEL_MARKER, xy.getStyler().getMarkerSize()));
                AxisLabels.fit(panel);
                panels.add(panel);
            }
        } else if (chart instanceof CategoryChart bars) {
            double[] y = rangeOf(bars.getSeriesMap().values());
            for (CategorySeries s : bars.getSeriesMap().values()) {
                CategoryChart panel = new CategoryChartBuilder().width(width).height(PANEL_HEIGHT)
                        .title(fitted(s.getName(), width))
                        .xAxisTitle(bars.getXAxisTitle()).yAxisTitle(bars.getYAxisTitle()).build();
                sameAxes(bars.getStyler(), panel.getStyler(), null, y);
                List<?> categories = new ArrayList<>(s.getXData());
                List<? extends Number> values = new ArrayList<>(s.getYData());
                CategorySeries bar = s.getExtraValues() == null ? panel.addSeries(s.getName(), categories, values)
                        : panel.addSeries(s.getName(), categories, values, new ArrayList<>(s.getExtraValues()));
                bar.setFillColor(s.getFillColor());
                AxisLabels.fit(panel);
                panels.add(panel);
            }
        }
        return panels;
    }

    /** Draws the panels of {@code chart} in a grid under its title. */
    static BufferedImage image(Chart<?, ?> chart) {
        List<Chart<?, ?>> panels = panels(chart);
        int rows = (panels.size() + COLUMNS - 1) / COLUMNS;
        int panelWidth = chart.getWidth() / COLUMNS;
        BufferedImage image = new BufferedImage(panelWidth * COLUMNS, TITLE_HEIGHT + rows * PANEL_HEIGHT,
                BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, image.getWidth(), image.getHeight());
            Font font = chart.getStyler().getChartTitleFont();
            g.setFont(font);
            g.setColor(chart.getStyler().getChartFontColor());
            String title = chart.getTitle() + " (one chart per series, same axes)";
            int titleWidth = g.getFontMetrics().stringWidth(title);
            g.drawString(title, Math.max(4, (image.getWidth() - titleWidth) / 2), 22);
            g.setFont(AXES_LINE);
            String axes = "x: " + chart.getXAxisTitle() + "    y: " + chart.getYAxisTitle();
            int axesWidth = g.getFontMetrics().stringWidth(axes);
            g.drawString(axes, Math.max(4, (image.getWidth() - axesWidth) / 2), TITLE_HEIGHT - 10);
            for (int i = 0; i < panels.size(); i++) {
                BufferedImage panel = BitmapEncoder.getBufferedImage(panels.get(i));
                g.drawImage(panel, (i % COLUMNS) * panelWidth, TITLE_HEIGHT + (i / COLUMNS) * PANEL_HEIGHT, null);
            }
        } finally {
            g.dispose();
        }
        return image;
    }

    /**
     * {@code name} as a small chart's title: whole when it fits {@code width}, else cut with an
     * ellipsis (a merged series' name, "a = b", can be longer than a small chart is wide).
     */
    static String fitted(String name, int width) {
        FontMetrics metrics = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics()
                .getFontMetrics(PANEL_TITLE);
        int room = width - 24;
        if (metrics.stringWidth(name) <= room) {
            return name;
        }
        String cut = name;
        while (!cut.isEmpty() && metrics.stringWidth(cut + "\u2026") > room) {
            cut = cut.substring(0, cut.length() - 1);
        }
        return cut + "\u2026";
    }

    private static void sameAxes(AxesChartStyler from, AxesChartStyler to, double[] x, double[] y) {
        to.setLegendVisible(false);
        to.setXAxisTitleVisible(false);
        to.setYAxisTitleVisible(false);
        to.setChartBackgroundColor(Color.WHITE);
        to.setChartTitleFont(PANEL_TITLE);
        to.setXAxisLogarithmic(from.isXAxisLogarithmic());
        to.setYAxisLogarithmic(from.isYAxisLogarithmic());
        if (from.getXAxisDecimalPattern() != null) {
            to.setXAxisDecimalPattern(from.getXAxisDecimalPattern());
        }
        if (from.getYAxisDecimalPattern() != null) {
            to.setYAxisDecimalPattern(from.getYAxisDecimalPattern());
        }
        if (x != null) {
            to.setXAxisMin(from.getXAxisMin() != null ? from.getXAxisMin() : x[0]);
            to.setXAxisMax(from.getXAxisMax() != null ? from.getXAxisMax() : x[1]);
        }
        to.setYAxisMin(from.getYAxisMin() != null ? from.getYAxisMin() : y[0]);
        to.setYAxisMax(from.getYAxisMax() != null ? from.getYAxisMax() : y[1]);
    }

    /** The smallest and largest finite value over every array. */
    private static double[] range(List<double[]> data) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double[] values : data) {
            for (double v : values) {
                if (Double.isFinite(v)) {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
        }
        if (min > max) {
            return new double[] {0, 1};
        }
        return min < max ? new double[] {min, max} : new double[] {min, min + 1};
    }

    /** The range of bar charts: from 0 (bars start there) to the highest bar plus its error. */
    private static double[] rangeOf(Collection<CategorySeries> series) {
        List<double[]> data = new ArrayList<>();
        data.add(new double[] {0});
        for (CategorySeries s : series) {
            List<? extends Number> ys = new ArrayList<>(s.getYData());
            List<? extends Number> errors = s.getExtraValues() == null ? null : new ArrayList<>(s.getExtraValues());
            double[] tops = new double[ys.size()];
            for (int i = 0; i < tops.length; i++) {
                Number v = ys.get(i);
                Number e = errors == null ? null : errors.get(i);
                tops[i] = v == null ? Double.NaN : v.doubleValue() + (e == null ? 0 : e.doubleValue());
            }
            data.add(tops);
        }
        return range(data);
    }
}
