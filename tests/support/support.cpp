#include "support/support.hpp"
#include "support/scale.hpp"

#include <pthread.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <exception>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace fray::test {

std::string path(const std::string& rel) { return std::string(FRAY_TEST_DIR) + "/" + rel; }

std::string read_text(const std::string& rel) {
  std::ifstream in(path(rel), std::ios::binary);
  if (!in) throw std::runtime_error("cannot read test file " + rel);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

namespace {
std::uint64_t scale_divisor() {
  static const std::uint64_t divisor = [] {
    const char* v = std::getenv("FRAY_TEST_SCALE");
    if (v == nullptr || *v == '\0') return std::uint64_t{1};
    char* end = nullptr;
    const unsigned long long d = std::strtoull(v, &end, 10);
    if (*end != '\0' || d == 0)
      throw std::runtime_error("FRAY_TEST_SCALE must be a positive integer, not '" + std::string(v) + "'");
    return static_cast<std::uint64_t>(d);
  }();
  return divisor;
}
}  // namespace

std::uint64_t scaled(std::uint64_t n, std::uint64_t floor) { return std::max(std::min(n, floor), n / scale_divisor()); }

double prompt(double seconds) { return scale_divisor() > 1 ? 20 * seconds : seconds; }

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

double child_cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_CHILDREN, &u);
  const auto secs = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec);
  };
  return secs(u.ru_utime) + secs(u.ru_stime);
}

void run_on_stack(std::size_t bytes, const std::function<void()>& f) {
  struct Job {
    const std::function<void()>* f;
    std::exception_ptr error;
  } job{&f, nullptr};
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0) throw std::runtime_error("pthread_attr_init failed");
  if (pthread_attr_setstacksize(&attr, bytes) != 0) {
    pthread_attr_destroy(&attr);
    throw std::runtime_error("pthread_attr_setstacksize refused " + std::to_string(bytes) + " bytes");
  }
  pthread_t thread;
  const int rc = pthread_create(
      &thread, &attr,
      [](void* p) -> void* {
        auto* j = static_cast<Job*>(p);
        try {
          (*j->f)();
        } catch (...) {
          j->error = std::current_exception();
        }
        return nullptr;
      },
      &job);
  pthread_attr_destroy(&attr);
  if (rc != 0) throw std::runtime_error("pthread_create failed");
  pthread_join(thread, nullptr);
  if (job.error) std::rethrow_exception(job.error);
}

nlohmann::json read_json(const std::string& rel) { return nlohmann::json::parse(read_text(rel)); }

std::vector<std::vector<std::string>> read_csv(const std::string& rel) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(read_text(rel));
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    std::vector<std::string> row;
    std::string field;
    bool quoted = false;
    for (char c : line) {
      if (c == '"')
        quoted = !quoted;
      else if (c == ',' && !quoted)
        row.push_back(std::exchange(field, {}));
      else
        field += c;
    }
    row.push_back(field);
    rows.push_back(std::move(row));
  }
  return rows;
}

namespace {
std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) {
    if (c == '\'')
      q.append("'\\''");
    else
      q.push_back(c);
  }
  q.push_back('\'');
  return q;
}
std::string slurp(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

nlohmann::json Run::json() const { return nlohmann::json::parse(out); }

Run run_cli(const std::vector<std::string>& args) {
  char dir[] = "/tmp/fray-test-XXXXXX";
  if (!mkdtemp(dir)) throw std::runtime_error("mkdtemp failed");
  const std::string out = std::string(dir) + "/out", err = std::string(dir) + "/err";
  std::string cmd = quote(FRAY_CLI);
  for (const auto& a : args) cmd += " " + quote(a);
  cmd += " </dev/null >" + out + " 2>" + err;
  Run r;
  const int st = std::system(cmd.c_str());
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  r.out = slurp(out);
  r.err = slurp(err);
  std::remove(out.c_str());
  std::remove(err.c_str());
  rmdir(dir);
  return r;
}

double gamma_q(double a, double x) {
  if (x <= 0) return 1;
  const double gln = std::lgamma(a);
  if (x < a + 1) {  // series for P, then Q = 1 - P
    double sum = 1 / a, del = sum, ap = a;
    for (int n = 0; n < 10000; ++n) {
      ap += 1;
      del *= x / ap;
      sum += del;
      if (std::abs(del) < std::abs(sum) * 1e-15) break;
    }
    return 1 - sum * std::exp(-x + a * std::log(x) - gln);
  }
  // Continued fraction (modified Lentz) for Q.
  double b = x + 1 - a, c = 1e300, d = 1 / b, h = d;
  for (int i = 1; i < 10000; ++i) {
    const double an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (std::abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (std::abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const double del = d * c;
    h *= del;
    if (std::abs(del - 1) < 1e-15) break;
  }
  return std::exp(-x + a * std::log(x) - gln) * h;
}

double chi_square_p(const Pmf& expected, const std::map<std::int64_t, std::uint64_t>& counts) {
  std::uint64_t n = 0;
  for (const auto& [v, c] : counts) {
    n += c;
    if (expected[v] == 0) return 0;  // a value the exact law says is impossible
  }
  // Pool consecutive values until each bin expects at least 5.
  std::vector<std::pair<double, double>> bins;  // expected, observed
  double e = 0, o = 0;
  for (const auto& [v, p] : expected.items()) {
    e += p * static_cast<double>(n);
    auto it = counts.find(v);
    o += it == counts.end() ? 0 : static_cast<double>(it->second);
    if (e >= 5) {
      bins.emplace_back(e, o);
      e = o = 0;
    }
  }
  if (e > 0 || o > 0) {
    if (bins.empty())
      bins.emplace_back(e, o);
    else {
      bins.back().first += e;
      bins.back().second += o;
    }
  }
  if (bins.size() < 2) return 1;
  double chi = 0;
  for (const auto& [be, bo] : bins) chi += (bo - be) * (bo - be) / be;
  return gamma_q((static_cast<double>(bins.size()) - 1) / 2, chi / 2);
}

std::string joined(const std::vector<std::string>& notes) {
  std::string out;
  for (const auto& n : notes) out += (out.empty() ? "" : "; ") + n;
  return out;
}

std::vector<std::string> defaults_of(const std::vector<std::string>& notes) {
  std::vector<std::string> out;
  for (const auto& n : notes)
    if (n.find(" uses the defaults ") != std::string::npos) out.push_back(n);
  return out;
}

}  // namespace fray::test
