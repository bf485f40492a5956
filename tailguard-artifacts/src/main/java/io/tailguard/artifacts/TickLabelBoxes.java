package io.tailguard.artifacts;

import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.font.FontRenderContext;
import java.awt.geom.AffineTransform;
import java.awt.geom.Area;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;

/**
 * Thread-safe (stateless; the chart it is given must not be in use elsewhere while it paints it)
 * finder of where a chart draws its x axis's tick labels: it paints the chart
 * once onto a recording canvas with the labels in a colour nothing else uses, and keeps the box of
 * every shape filled in that colour. XChart draws each label as one filled outline, so each box is
 * one label: its text's ink rectangle, turned with the label and padded, so two labels whose boxes
 * do not meet have a visible gap between them.
 */
final class TickLabelBoxes {

    /** Pixels added on every side of a label's ink, so touching labels count as overlapping. */
    static final double PADDING = 3;

    private static final Color MARK = new Color(0x01, 0x02, 0x03);

    private TickLabelBoxes() {
    }

    /** Returns the box of every x-axis tick label {@code chart} draws at its own size. */
    static List<Shape> of(Chart<? extends AxesChartStyler, ?> chart) {
        AxesChartStyler styler = chart.getStyler();
        Color color = styler.getXAxisTickLabelsColor();
        double turn = Math.toRadians(styler.getXAxisLabelRotation());
        Recorder canvas = new Recorder(turn);
        styler.setXAxisTickLabelsColor(MARK);
        try {
            chart.paint(canvas, chart.getWidth(), chart.getHeight());
        } finally {
            styler.setXAxisTickLabelsColor(color);
        }
        return canvas.boxes;
    }

    /** Returns whether any two of {@code boxes} share a point. */
    static boolean anyOverlap(List<Shape> boxes) {
        for (int i = 0; i < boxes.size(); i++) {
            for (int j = i + 1; j < boxes.size(); j++) {
                if (overlap(boxes.get(i), boxes.get(j))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Returns whether boxes {@code a} and {@code b} share a point. */
    static boolean overlap(Shape a, Shape b) {
        if (!a.getBounds2D().intersects(b.getBounds2D())) {
            return false;
        }
        Area shared = new Area(a);
        shared.intersect(new Area(b));
        return !shared.isEmpty();
    }

    /** A canvas that draws nothing and keeps the turned, padded box of every shape filled in the mark colour. */
    private static final class Recorder extends VectorGraphics2D {
        private final double turn;
        private final List<Shape> boxes = new ArrayList<>();
        private final Graphics2D bitmap = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();

        Recorder(double turn) {
            this.turn = turn;
        }

        /** The text measures of the bitmap the PNG encoder paints on, with this canvas's hints. */
        @Override
        public FontRenderContext getFontRenderContext() {
            bitmap.setRenderingHints(getRenderingHints());
            bitmap.setTransform(getTransform());
            return bitmap.getFontRenderContext();
        }

        @Override
        public void fill(Shape s) {
            if (MARK.equals(getColor())) {
                // XChart turns the outline by -turn before filling it: undo that to get the text's own rectangle
                Rectangle2D upright = AffineTransform.getRotateInstance(turn).createTransformedShape(s).getBounds2D();
                Rectangle2D padded = new Rectangle2D.Double(upright.getX() - PADDING, upright.getY() - PADDING,
                        upright.getWidth() + 2 * PADDING, upright.getHeight() + 2 * PADDING);
                Shape turned = AffineTransform.getRotateInstance(-turn).createTransformedShape(padded);
                boxes.add(getTransform().createTransformedShape(turned));
            }
        }
    }
}
