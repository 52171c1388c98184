package server

import (
	"net/http"
	rtmetrics "runtime/metrics"
	"time"

	"turncoat/platform/play"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics are the server's Prometheus metrics, on a registry of its own (no globals, so tests
// run servers side by side). Labels never carry a move or a selection.
type Metrics struct {
	reg        *prometheus.Registry
	openGames  prometheus.Gauge
	moves      prometheus.Counter
	sockets    prometheus.Gauge
	requests   *prometheus.HistogramVec
	aiQueue    prometheus.Gauge
	aiThink    prometheus.Histogram
	aiSearches prometheus.Gauge
	// The pictures drawn (a picture served from the cache or revalidated is not), and those
	// waiting for a slot.
	picturesDrawn prometheus.Counter
	picturesQueue prometheus.Gauge
}

// NewMetrics returns the metrics, at zero.
func NewMetrics() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		openGames: prometheus.NewGauge(prometheus.GaugeOpts{Name: "turncoat_open_games",
			Help: "Games in play held in this instance's memory."}),
		moves: prometheus.NewCounter(prometheus.CounterOpts{Name: "turncoat_moves_total",
			Help: "Moves played through this instance (a simultaneous round counts once)."}),
		sockets: prometheus.NewGauge(prometheus.GaugeOpts{Name: "turncoat_open_sockets",
			Help: "Open WebSocket connections and event streams."}),
		requests: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "turncoat_http_request_duration_seconds",
			Help: "HTTP request latency by route pattern.", Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5}},
			[]string{"route", "code"}),
		aiQueue: prometheus.NewGauge(prometheus.GaugeOpts{Name: "turncoat_ai_queue_length",
			Help: "AI moves waiting for a worker."}),
		aiThink: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "turncoat_ai_think_seconds",
			Help: "Time the AI spent choosing a move.", Buckets: prometheus.ExponentialBuckets(0.001, 2.5, 12)}),
		aiSearches: prometheus.NewGauge(prometheus.GaugeOpts{Name: "turncoat_ai_searches",
			Help: "AI searches running now."}),
		picturesDrawn: prometheus.NewCounter(prometheus.CounterOpts{Name: "turncoat_pictures_drawn_total",
			Help: "Boards' pictures drawn (not those served from the cache or revalidated)."}),
		picturesQueue: prometheus.NewGauge(prometheus.GaugeOpts{Name: "turncoat_pictures_waiting",
			Help: "Pictures waiting for a slot to be drawn."}),
	}
	heapLive := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "turncoat_heap_live_bytes",
		Help: "Heap memory live as of the last garbage collection (what the server really holds)."}, func() float64 {
		s := []rtmetrics.Sample{{Name: "/gc/heap/live:bytes"}}
		rtmetrics.Read(s)
		if s[0].Value.Kind() != rtmetrics.KindUint64 {
			return 0
		}
		return float64(s[0].Value.Uint64())
	})
	m.reg.MustRegister(heapLive, m.openGames, m.moves, m.sockets, m.requests, m.aiQueue, m.aiThink, m.aiSearches, m.picturesDrawn, m.picturesQueue,
		prometheus.NewGoCollector(), prometheus.NewProcessCollector(prometheus.ProcessCollectorOpts{}))
	return m
}

func (m *Metrics) handler() http.Handler { return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{}) }

// statusRecorder remembers the status a handler wrote.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.ResponseWriter.Write(b)
}

// Flush lets streaming handlers flush through the recorder.
func (r *statusRecorder) Flush() {
	if f, ok := r.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection (WebSocket upgrades, deadlines).
func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// observe times a request under its route pattern.
func (m *Metrics) observe(route string, code int, d time.Duration) {
	if route == "" {
		route = "other"
	}
	m.requests.WithLabelValues(route, codeLabel(code)).Observe(d.Seconds())
}

func codeLabel(code int) string {
	switch {
	case code < 300:
		return "2xx"
	case code < 400:
		return "3xx"
	case code < 500:
		return "4xx"
	}
	return "5xx"
}

// AIQueue sets the number of AI moves waiting for a worker.
func (m *Metrics) AIQueue(n int) { m.aiQueue.Set(float64(n)) }

func (m *Metrics) picturesWaiting(n int) { m.picturesQueue.Set(float64(n)) }

// Play returns the game service's counters (play.Metrics).
func (m *Metrics) Play() play.Metrics { return playMetrics{m} }

// playMetrics counts the game service's work.
type playMetrics struct{ m *Metrics }

func (p playMetrics) Move()               { p.m.moves.Inc() }
func (p playMetrics) GamesInMemory(d int) { p.m.openGames.Add(float64(d)) }
func (p playMetrics) AISearch(started bool) {
	if started {
		p.m.aiSearches.Inc()
	} else {
		p.m.aiSearches.Dec()
	}
}
func (p playMetrics) AIThink(d time.Duration) { p.m.aiThink.Observe(d.Seconds()) }
