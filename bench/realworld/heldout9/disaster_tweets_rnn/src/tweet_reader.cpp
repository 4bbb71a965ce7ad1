#include "tweet_reader.h"

#include <algorithm>
#include <cctype>
#include <random>
#include <sstream>

/////////////////////// Tweet ///////////////////////
Tweet::Tweet(int id, std::string keyword, std::string location, std::string text)
	: id(id), keyword(std::move(keyword)), location(std::move(location)), text(std::move(text)) {
	clean_text = tokenize(clean(this->text));
}

std::string Tweet::clean(const std::string& tweet) {
	std::string out;
	for (char c : tweet) {
		if (std::isalnum(static_cast<unsigned char>(c)) || c == ' ')
			out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
		else
			out.push_back(' ');
	}
	return out;
}

std::vector<std::string> Tweet::tokenize(const std::string& tweet) {
	std::vector<std::string> words;
	std::istringstream in(tweet);
	std::string w;
	while (in >> w) {
		if (w == "the" || w == "a" || w == "to" || w == "of" || w == "and" || w == "is")
			continue;
		words.push_back(w);
	}
	return words;
}

/////////////////////// TweetReader ///////////////////////
namespace {

const std::vector<std::string> kKeywords = {
	"ablaze", "accident", "aftershock", "airplane accident", "ambulance", "annihilated", "apocalypse", "armageddon",
	"avalanche", "battle", "blaze", "blizzard", "blown up", "bomb", "burning", "collapse", "crash", "deluge",
	"derailment", "disaster", "drought", "earthquake", "electrocuted", "emergency", "evacuate", "explode",
	"fatalities", "fire", "flames", "flood", "hailstorm", "hurricane", "injured", "landslide", "meltdown",
	"panic", "rescue", "sinking", "storm", "tornado", "tsunami", "wildfire", "wreck"};

const std::vector<std::string> kLocations = {"", "usa", "london", "california", "new york", "nigeria", "india",
	"worldwide", "everywhere", "earth", "mumbai", "los angeles", "canada", "somewhere over the rainbow", "ur mom's house"};

const std::vector<std::string> kPlaces = {"california", "the highway", "downtown", "the county", "manila", "the coast",
	"the valley", "the village", "the station", "the bridge", "the mall", "oklahoma"};
const std::vector<std::string> kVictims = {"people", "residents", "families", "workers", "passengers", "children", "homes", "buildings"};
const std::vector<std::string> kReal = {"killed", "evacuated", "missing", "injured", "trapped", "destroyed", "displaced", "rescued"};
const std::vector<std::string> kAuthority = {"police", "officials", "firefighters", "authorities", "the red cross", "news", "reuters"};
const std::vector<std::string> kFun = {"lol", "omg", "haha", "tbh", "literally", "honestly", "ngl", "bruh"};
const std::vector<std::string> kThings = {"this song", "my timeline", "the game", "my playlist", "her outfit", "that movie",
	"my inbox", "the new album", "this pizza", "my phone"};
const std::vector<std::string> kFeel = {"love", "cant wait", "so good", "im dead", "crying", "obsessed", "goals", "vibes"};
const std::vector<std::string> kFiller = {"today", "just", "now", "again", "near", "after", "still", "right", "tonight", "update"};

template <typename T>
const T& pick(const std::vector<T>& v, std::mt19937& gen) {
	std::uniform_int_distribution<size_t> d(0, v.size() - 1);
	return v[d(gen)];
}

std::string disaster_tweet(const std::string& keyword, std::mt19937& gen) {
	std::uniform_int_distribution<int> form(0, 3);
	std::uniform_int_distribution<int> count(2, 90);
	std::ostringstream s;
	switch (form(gen)) {
		case 0: s << pick(kAuthority, gen) << ": " << keyword << " in " << pick(kPlaces, gen) << ", " << count(gen) << " " << pick(kVictims, gen) << " " << pick(kReal, gen); break;
		case 1: s << count(gen) << " " << pick(kVictims, gen) << " " << pick(kReal, gen) << " after " << keyword << " hits " << pick(kPlaces, gen) << " " << pick(kFiller, gen); break;
		case 2: s << pick(kFiller, gen) << " " << keyword << " near " << pick(kPlaces, gen) << " " << pick(kAuthority, gen) << " say " << pick(kVictims, gen) << " " << pick(kReal, gen); break;
		default: s << pick(kFun, gen) << " " << keyword << " " << pick(kPlaces, gen) << " " << pick(kVictims, gen) << " " << pick(kReal, gen) << " " << pick(kFeel, gen); break;
	}
	return s.str();
}

std::string casual_tweet(const std::string& keyword, std::mt19937& gen) {
	std::uniform_int_distribution<int> form(0, 3);
	std::ostringstream s;
	switch (form(gen)) {
		case 0: s << pick(kThings, gen) << " is " << keyword << " " << pick(kFun, gen) << " " << pick(kFeel, gen); break;
		case 1: s << pick(kFun, gen) << " " << pick(kThings, gen) << " " << pick(kFiller, gen) << " total " << keyword << " " << pick(kFeel, gen); break;
		case 2: s << pick(kFeel, gen) << " " << pick(kThings, gen) << " " << keyword << " " << pick(kFun, gen) << " " << pick(kFiller, gen); break;
		// a casual tweet that mentions a real-sounding place, to keep it from being too easy
		default: s << pick(kFun, gen) << " " << keyword << " at " << pick(kPlaces, gen) << " " << pick(kThings, gen) << " " << pick(kReal, gen) << " " << pick(kVictims, gen); break;
	}
	return s.str();
}

} // namespace

int64_t TweetReader::GetKeywordIndex(const std::string& keyword) {
	auto it = std::find(kKeywords.begin(), kKeywords.end(), keyword);
	return it == kKeywords.end() ? 0 : static_cast<int64_t>(it - kKeywords.begin());
}

int64_t TweetReader::GetKeywordCount() {
	return static_cast<int64_t>(kKeywords.size());
}

int64_t TweetReader::GetLocationIndex(const std::string& location) {
	auto it = std::find(kLocations.begin(), kLocations.end(), location);
	return it == kLocations.end() ? 0 : static_cast<int64_t>(it - kLocations.begin());
}

int64_t TweetReader::GetLocationCount() {
	return static_cast<int64_t>(kLocations.size());
}

TweetReader::TweetReader(size_t n_tweets, unsigned seed) {
	std::mt19937 gen(seed);
	std::uniform_real_distribution<double> unit(0.0, 1.0);
	for (size_t i = 0; i < n_tweets; ++i) {
		const std::string& keyword = pick(kKeywords, gen);
		// about 43% of the competition's tweets are about a real disaster
		bool real = unit(gen) < 0.43;
		// some keywords lean one way (as in the real data)
		size_t k = static_cast<size_t>(GetKeywordIndex(keyword));
		if (k % 5 == 0 && unit(gen) < 0.3) real = true;
		if (k % 7 == 1 && unit(gen) < 0.3) real = false;
		std::string text = real ? disaster_tweet(keyword, gen) : casual_tweet(keyword, gen);
		// a third of the users give no location; joke locations come with casual tweets
		std::uniform_int_distribution<size_t> loc(real ? 1 : 7, real ? 12 : kLocations.size() - 1);
		std::string location = unit(gen) < 0.33 ? "" : kLocations[loc(gen)];
		// the annotators disagree on about one tweet in eight
		if (unit(gen) < 0.12) real = !real;
		Tweet tweet(static_cast<int>(i), keyword, location, text);
		max_size_ = std::max(max_size_, tweet.size());
		if (real)
			pos_.push_back(std::move(tweet));
		else
			neg_.push_back(std::move(tweet));
	}
}

void GetWordsFrequencies(const TweetReader& reader, WordsFrequencies& frequencies) {
	for (size_t i = 0; i < reader.GetPosSize(); ++i)
		for (const auto& w : reader.GetPos(i).GetWords()) frequencies[w]++;
	for (size_t i = 0; i < reader.GetNegSize(); ++i)
		for (const auto& w : reader.GetNeg(i).GetWords()) frequencies[w]++;
}

void SelectTopFrequencies(WordsFrequencies& frequencies, int64_t count) {
	if (static_cast<int64_t>(frequencies.size()) <= count)
		return;
	std::vector<std::pair<std::string, int64_t>> items(frequencies.begin(), frequencies.end());
	std::sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
	items.resize(static_cast<size_t>(count));
	frequencies = WordsFrequencies(items.begin(), items.end());
}
